"""`engram serve` serves the inspector's files at /inspector, and nothing outside their folder."""

from __future__ import annotations

import http.client

from engram.local.static_mount import INSPECTOR_DIR
from tests.http_client import ApiClient


def _get(api: ApiClient, path: str, method: str = "GET") -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection(api.host, api.port, timeout=10)
    conn.request(method, path)
    response = conn.getresponse()
    response.read()
    conn.close()
    return response


def test_the_page_and_its_modules_are_served_with_their_types(inspector_api: ApiClient) -> None:
    assert _get(inspector_api, "/inspector").status == 308
    assert _get(inspector_api, "/inspector").getheader("location") == "/inspector/"
    index = _get(inspector_api, "/inspector/")
    assert index.status == 200 and index.getheader("content-type").startswith("text/html")
    module = _get(inspector_api, "/inspector/app.js")
    assert module.status == 200 and module.getheader("content-type").startswith("text/javascript")
    assert _get(inspector_api, "/inspector/vendor/vis-network.min.js").status == 200
    assert _get(inspector_api, "/inspector/app.js", "HEAD").status == 200


def test_nothing_outside_the_folder_and_only_reads(inspector_api: ApiClient) -> None:
    assert _get(inspector_api, "/inspector/../static_mount.py").status == 404
    assert _get(inspector_api, "/inspector/%2e%2e/static_mount.py").status == 404
    assert _get(inspector_api, "/inspector/missing.js").status == 404
    refused = _get(inspector_api, "/inspector/app.js", "POST")
    assert refused.status == 405 and refused.getheader("allow") == "GET, HEAD"
    # the API behind the mount is unchanged
    assert inspector_api.request("GET", "/v1/health", user=None).status == 200
    assert _get(inspector_api, "/inspectorx").status == 401  # the API's answer: not the mount's


def test_vendored_libraries_carry_their_licences() -> None:
    vendor = INSPECTOR_DIR / "vendor"
    for library in vendor.glob("*.js"):
        name = library.name.split(".")[0]
        assert list(vendor.glob(f"{name}.LICENSE*")), f"{library.name} has no licence next to it"
