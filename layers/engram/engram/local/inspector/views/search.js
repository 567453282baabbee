// Search playground: results with `explain` drawn as one stacked bar per result (the terms of
// final_score), and the recall context exactly as the app's LLM would receive it.
import { api } from "../api.js";
import { fill, h } from "../dom.js";

const COLOURS = { relevance: "#2f6fde", importance: "#e8a33d", recency: "#3aa676", access: "#9b59b6", slot: "#17a2b8" };
const TYPES = ["", "entity", "fact", "preference", "event", "goal", "procedure", "decision", "action"];

export async function searchView(main) {
  const form = h("form", { class: "filters", id: "search-form" },
    h("input", { name: "query", size: 40, placeholder: "ask what the app would ask", required: true }),
    h("label", {}, "type ", h("select", { name: "memory_type" }, TYPES.map((t) => h("option", { value: t }, t || "any")))),
    h("label", {}, "threshold ", h("input", { name: "threshold", type: "number", min: 0, max: 1, step: 0.05, value: 0.3, style: { width: "4.5em" } })),
    h("label", {}, h("input", { type: "checkbox", name: "include_historical" }), " historical"),
    h("label", {}, "recall chars ", h("input", { name: "max_chars", type: "number", min: 200, max: 20000, value: 4000, style: { width: "6em" } })),
    h("button", { type: "submit" }, "search"));
  const results = h("section", { id: "search-results" });
  const recall = h("section", { id: "recall" });
  main.append(form, h("div", { class: "split" }, results, recall));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const body = { query: data.get("query"), explain: true, threshold: Number(data.get("threshold")),
      include_historical: Boolean(data.get("include_historical")) };
    if (data.get("memory_type")) body.memory_types = [data.get("memory_type")];
    const [found, context] = await Promise.all([
      api("POST", "/v1/search", body),
      api("POST", "/v1/recall", { query: body.query, max_chars: Number(data.get("max_chars")) })]);
    showResults(results, found);
    showRecall(recall, context);
  });
}

function showResults(section, found) {
  const items = found.results || [];
  fill(section,
    h("h2", {}, `Results (${items.length})`, found.type && found.type !== "standard" ? ` · ${found.type}` : ""),
    legend(),
    items.length ? items.map(result) : h("p", { class: "muted" }, "nothing known answers this query"));
}

function legend() {
  return h("div", { class: "legend" }, Object.entries(COLOURS).map(([k, c]) => h("span", {}, h("i", { style: { background: c } }), k)),
    h("span", {}, h("i", { style: { background: "#c0392b" } }), "outdated (−)"));
}

function result(r) {
  const explain = r.explain || {};
  const contributions = explain.contributions || {};
  const positive = Object.entries(contributions).filter(([, v]) => v > 0);
  const total = Math.max(1, positive.reduce((s, [, v]) => s + v, 0));
  const bars = h("div", { class: "bars", title: "terms of final_score" }, positive.map(([k, v]) =>
    h("div", { class: "bar", "data-signal": k, title: `${k} ${v.toFixed(3)}`,
      style: { width: `${(100 * v) / total}%`, background: COLOURS[k] || "#888" } })));
  const negative = Object.entries(contributions).filter(([, v]) => v < 0);
  const signals = Object.entries(explain.signals || {}).map(([k, s]) => `${k} #${s.rank}`).join(", ");
  return h("div", { class: "result", "data-id": r.id },
    h("div", {}, r.content, " ", h("span", { class: "badge" }, r.memory_type), r.status !== "active" ? h("span", { class: "badge" }, r.status) : null),
    bars,
    h("div", { class: "muted" }, `relevance ${fmt(r.relevance)} · final_score ${fmt(r.final_score)} · similarity ${fmt(r.similarity)}`,
      signals ? ` · signals: ${signals}` : "",
      negative.length ? ` · ${negative.map(([k, v]) => `${k} ${v.toFixed(3)}`).join(", ")}` : ""));
}

function showRecall(section, context) {
  fill(section, h("h2", {}, "Recall context"),
    context.needs_search === false
      ? h("p", { class: "muted" }, "needs_search: false — this message needs no memory")
      : h("pre", { id: "recall-context" }, context.context || ""),
    h("p", { class: "muted" }, context.stats ? `${context.stats.chars} of ${context.stats.max_chars} characters` : ""));
}

const fmt = (x) => (typeof x === "number" ? x.toFixed(3) : "–");
