// Jobs: the API has no job listing, so the page keeps the ids of jobs it queued (a note sent with
// "async": true) and any id pasted in, and shows each one's state; plus the consolidation preview.
import { api, getUser } from "../api.js";
import { fill, h, day } from "../dom.js";

const key = () => `engram.inspector.jobs.${getUser()}`;
const known = () => { try { return JSON.parse(localStorage.getItem(key())) || []; } catch { return []; } };
const keep = (ids) => localStorage.setItem(key(), JSON.stringify([...new Set(ids)].slice(0, 50)));

export async function jobsView(main) {
  const queue = h("form", { class: "filters", id: "queue-form" },
    h("input", { name: "content", size: 40, placeholder: "a note to analyze in the background", required: true }),
    h("button", { type: "submit" }, "queue"));
  const lookup = h("form", { class: "filters", id: "job-form" },
    h("input", { name: "id", size: 40, placeholder: "a job id", required: true }), h("button", { type: "submit" }, "add"));
  const table = h("tbody");
  const preview = h("section", { id: "consolidation" });
  main.append(h("h2", {}, "Jobs"), queue, lookup,
    h("table", { id: "jobs" }, h("thead", {}, h("tr", {}, ["job", "type", "status", "attempts", "created", "error / result"].map((c) => h("th", {}, c)))), table),
    h("button", { id: "refresh-jobs", onclick: () => refresh() }, "refresh"), preview);

  async function refresh() {
    const jobs = await Promise.all(known().map((id) => api("GET", `/v1/jobs/${id}`).catch((e) => ({ id, status: "unknown", last_error: e.message }))));
    fill(table, ...jobs.map((j) => h("tr", { "data-status": j.status },
      h("td", {}, j.id), h("td", {}, j.job_type || ""), h("td", {}, h("span", { class: "badge" }, j.status)),
      h("td", {}, j.attempts ?? ""), h("td", {}, day(j.created_at)),
      h("td", {}, j.last_error || (j.result ? JSON.stringify(j.result).slice(0, 160) : "")))));
    if (!jobs.length) table.append(h("tr", {}, h("td", { colspan: 6, class: "muted" }, "no jobs queued from this page yet")));
  }
  queue.addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await api("POST", "/v1/analyze", { content: new FormData(queue).get("content"), async: true });
    keep([...answer.jobs.map((j) => j.id), ...known()]);
    queue.reset();
    refresh();
  });
  lookup.addEventListener("submit", (event) => {
    event.preventDefault();
    keep([new FormData(lookup).get("id").trim(), ...known()]);
    lookup.reset();
    refresh();
  });
  await refresh();
  const plan = await api("POST", "/v1/consolidate", {});
  fill(preview, h("h2", {}, "Consolidation preview"), h("p", { class: "muted" }, plan.message || `${plan.count} pair(s)`),
    h("ul", {}, (plan.pairs || []).map((p) => h("li", {}, JSON.stringify(p).slice(0, 240)))));
}
