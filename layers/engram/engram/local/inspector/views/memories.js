// Memories: a table filtered by the API (type, status, layer, category, sensitivity, creation date, text),
// paged; a row opens the memory, its versions, provenance and relations.
import { api, query } from "../api.js";
import { fill, h, day, fields } from "../dom.js";

const TYPES = ["", "entity", "fact", "preference", "event", "goal", "procedure", "decision", "action"];
const STATUSES = ["active", "superseded", "archived"];
const LAYERS = ["", "working", "episodic", "semantic", "procedural"];
const SENSITIVITIES = ["", "normal", "sensitive", "private"];

export async function memoriesView(main) {
  const state = { cursor: null, filters: {} };
  const select = (name, options) => h("select", { name }, options.map((o) => h("option", { value: o }, o || "any")));
  // Categories are free text: the field offers the ones seen on the pages shown so far.
  const categories = h("datalist", { id: "memory-categories" });
  const seen = new Set();
  const form = h("form", { class: "filters", id: "memory-filters" },
    h("label", {}, "type ", select("memory_type", TYPES)),
    h("label", {}, "status ", select("status", STATUSES)),
    h("label", {}, "layer ", select("layer", LAYERS)),
    h("label", {}, "category ", h("input", { name: "category", size: 10, placeholder: "any", list: "memory-categories" }), categories),
    h("label", {}, "sensitivity ", select("sensitivity", SENSITIVITIES)),
    h("label", {}, "from ", h("input", { type: "date", name: "from" })),
    h("label", {}, "to ", h("input", { type: "date", name: "to" })),
    h("label", {}, "text ", h("input", { name: "q", size: 16 })),
    h("label", {}, h("input", { type: "checkbox", name: "include_historical" }), " historical"),
    h("button", { type: "submit" }, "filter"));
  const body = h("tbody");
  const more = h("button", { id: "more", hidden: true }, "more");
  const detail = h("section", { class: "panel", id: "memory-detail" }, h("p", { class: "hint" }, "Click a row to open it."));
  const table = h("table", { id: "memories" },
    h("thead", {}, h("tr", {}, ["content", "type", "status", "layer", "category", "sensitivity", "date"].map((c) => h("th", {}, c)))), body);
  main.append(form, h("div", { class: "split" }, h("div", {}, table, more), detail));

  async function load(reset) {
    if (reset) { body.replaceChildren(); state.cursor = null; }
    const page = await api("GET", "/v1/memories" + query({ ...state.filters, limit: 50, cursor: state.cursor }));
    body.append(...page.items.map((m) => row(m, detail)));
    if (!body.children.length) body.append(h("tr", {}, h("td", { colspan: 7, class: "muted" }, "no memories")));
    for (const m of page.items) if (m.category && !seen.has(m.category)) { seen.add(m.category); categories.append(h("option", { value: m.category })); }
    state.cursor = page.next_cursor;
    more.hidden = !state.cursor;
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const text = (name) => data.get(name).trim();
    state.filters = { memory_type: data.get("memory_type"), status: data.get("status"), layer: data.get("layer"),
      category: text("category"), sensitivity: data.get("sensitivity"), q: text("q"),
      include_historical: data.get("include_historical") ? "true" : "",
      // Days in UTC: "from" is the start of its day, "to" takes in the whole of its day.
      created_after: data.get("from") ? `${data.get("from")}T00:00:00Z` : "",
      created_before: data.get("to") ? nextDay(data.get("to")) : "" };
    load(true);
  });
  more.addEventListener("click", () => load(false));
  await load(true);
}

function nextDay(date) {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

function row(m, detail) {
  return h("tr", { "data-id": m.id, class: `status-${m.status}`, onclick: () => openMemory(m.id, detail) },
    h("td", {}, m.content), h("td", {}, m.memory_type), h("td", {}, h("span", { class: "badge" }, m.status)),
    h("td", {}, m.layer), h("td", {}, m.category || ""), h("td", {}, m.sensitivity_level), h("td", {}, day(m.created_at)));
}

export async function openMemory(id, detail) {
  const [memory, history, related] = await Promise.all([
    api("GET", `/v1/memories/${id}`), api("GET", `/v1/memories/${id}/history`), api("GET", `/v1/memories/${id}/related`)]);
  const sources = await Promise.all((memory.provenance || []).filter((p) => p.accessible !== false)
    .map((p) => api("GET", `/v1/sources/${p.source_id}`).catch(() => null)));
  fill(detail,
    h("h2", {}, memory.content),
    fields([["id", memory.id], ["type", memory.memory_type], ["status", memory.status], ["version", memory.version],
      ["layer", memory.layer], ["category", memory.category], ["sensitivity", memory.sensitivity_level],
      ["confidence", memory.confidence], ["importance", memory.importance], ["evidence", memory.evidence],
      ["valid", `${day(memory.valid_from)} → ${day(memory.valid_to) || "now"}`], ["superseded by", memory.superseded_by]]),
    h("h2", {}, "Versions"),
    h("ol", { id: "memory-history" }, history.items.map((v) =>
      h("li", {}, `v${v.version} ${v.operation}${v.strategy ? " (" + v.strategy + ")" : ""}: `, v.content, h("span", { class: "muted" }, ` ${day(v.created_at)} by ${v.changed_by}`)))),
    h("h2", {}, "Provenance"),
    sources.length ? h("ul", { id: "memory-provenance" }, sources.filter(Boolean).map(sourceItem)) : h("p", { class: "muted" }, "no source recorded"),
    h("h2", {}, "Related"),
    related.items.length
      ? h("ul", { id: "memory-related" }, related.items.map((r) =>
        h("li", {}, h("span", { class: "badge" }, `${r.relation_type} (${r.direction})`), " ", h("span", { class: `status-${r.status}` }, r.content || (r.entity && r.entity.name) || r.id))))
      : h("p", { class: "muted" }, "nothing related"));
}

function sourceItem(source) {
  const messages = source.messages || [];
  return h("li", {}, h("span", { class: "muted" }, `${source.context_type || "source"} ${day(source.document_date || source.created_at)}: `),
    messages.length ? messages.map((m) => h("div", {}, h("b", {}, (m.role || "") + " "), m.content)) : (source.content || source.id));
}
