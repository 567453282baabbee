// Jobs: the user's background jobs from GET /v1/jobs, newest first, filtered by status and type, each with
// its attempts and its error (failed) or result (done); a note can be queued from here; below, the
// consolidation preview.
import { api, query } from "../api.js";
import { fill, h, day } from "../dom.js";

const STATUSES = ["", "pending", "processing", "completed", "failed", "cancelled"];
const TYPES = ["", "extract", "update", "consolidate", "decay", "cleanup", "graph_update", "summary", "hierarchy", "reembed"];
// What a person calls each state.
const LABELS = { pending: "queued", processing: "running", completed: "done", failed: "failed", cancelled: "cancelled" };

export async function jobsView(main) {
  const state = { cursor: null, filters: {} };
  const select = (name, options) => h("select", { name }, options.map((o) => h("option", { value: o }, o ? (LABELS[o] || o) : "any")));
  const queue = h("form", { class: "filters", id: "queue-form" },
    h("input", { name: "content", size: 40, placeholder: "a note to analyze in the background", required: true }),
    h("button", { type: "submit" }, "queue"));
  const filters = h("form", { class: "filters", id: "job-filters" },
    h("label", {}, "status ", select("status", STATUSES)),
    h("label", {}, "type ", select("job_type", TYPES)),
    h("button", { type: "submit" }, "filter"));
  const body = h("tbody");
  const more = h("button", { id: "more-jobs", hidden: true }, "more");
  const preview = h("section", { id: "consolidation" });
  main.append(h("h2", {}, "Jobs"), queue, filters,
    h("table", { id: "jobs" }, h("thead", {}, h("tr", {}, ["job", "type", "status", "attempts", "created", "finished", "error / result"].map((c) => h("th", {}, c)))), body),
    more, preview);

  async function load(reset) {
    if (reset) { body.replaceChildren(); state.cursor = null; }
    const page = await api("GET", "/v1/jobs" + query({ ...state.filters, limit: 50, cursor: state.cursor }));
    body.append(...page.items.map(jobRow));
    if (!body.children.length) body.append(h("tr", {}, h("td", { colspan: 7, class: "muted" }, "no jobs")));
    state.cursor = page.next_cursor;
    more.hidden = !state.cursor;
  }
  queue.addEventListener("submit", async (event) => {
    event.preventDefault();
    await api("POST", "/v1/analyze", { content: new FormData(queue).get("content"), async: true });
    queue.reset();
    await load(true);
  });
  filters.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(filters);
    state.filters = { status: data.get("status"), job_type: data.get("job_type") };
    load(true);
  });
  more.addEventListener("click", () => load(false));
  await load(true);
  const plan = await api("POST", "/v1/consolidate", {});
  fill(preview, h("h2", {}, "Consolidation preview"), h("p", { class: "muted" }, plan.message || `${plan.count} pair(s)`),
    h("ul", {}, (plan.pairs || []).map((p) => h("li", {}, JSON.stringify(p).slice(0, 240)))));
}

function jobRow(j) {
  const outcome = j.last_error
    ? h("span", { class: "error" }, j.last_error)
    : (j.result ? JSON.stringify(j.result).slice(0, 160) : "");
  return h("tr", { "data-id": j.id, "data-status": j.status, class: `job-${j.status}` },
    h("td", { class: "muted" }, j.id.slice(0, 8)), h("td", {}, j.job_type),
    h("td", {}, h("span", { class: "badge" }, LABELS[j.status] || j.status)),
    h("td", {}, `${j.attempts}/${j.max_attempts}`), h("td", {}, day(j.created_at)), h("td", {}, day(j.completed_at)),
    h("td", {}, outcome));
}
