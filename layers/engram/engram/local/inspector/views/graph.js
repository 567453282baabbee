// The user's graph: entities and their edges as a network (current edges solid, ended ones dashed,
// strength as width); a click on a node shows its detail, notes and sentiment trend.
import { api } from "../api.js";
import { fill, h, day, fields } from "../dom.js";

const MAX_NODES = 80; // one detail request per node: enough for a person's circle, bounded for the page

export async function graphView(main) {
  const canvas = h("div", { id: "graph-canvas" });
  const detail = h("section", { class: "panel", id: "entity-detail" }, h("p", { class: "hint" }, "Click a node for its detail."));
  main.append(h("p", { class: "muted", id: "graph-legend" }, "solid: current relationship · dashed: ended · width: strength"),
    h("div", { class: "split" }, canvas, detail));
  const page = await api("GET", `/v1/entities?limit=${MAX_NODES}`);
  const details = await Promise.all(page.items.map((e) => api("GET", `/v1/entities/${e.id}`).catch(() => null)));
  const nodes = new Map();
  const edges = new Map();
  const addNode = (e) => nodes.set(e.id, { id: e.id, label: e.name, group: e.entity_type || e.kind, shape: e.is_owner ? "star" : "dot" });
  page.items.forEach(addNode);
  for (const entity of details.filter(Boolean)) {
    for (const rel of entity.relationships || []) addEdge(edges, rel, false);
    for (const rel of entity.relationship_history || []) addEdge(edges, rel, true);
    for (const rel of [...(entity.relationships || []), ...(entity.relationship_history || [])]) {
      if (rel.other && !nodes.has(rel.other.id)) addNode(rel.other);
    }
  }
  const data = { nodes: [...nodes.values()], edges: [...edges.values()] };
  canvas.dataset.nodes = String(data.nodes.length);
  canvas.dataset.edges = String(data.edges.length);
  canvas.dataset.ended = String(data.edges.filter((e) => e.dashes).length);
  if (!window.vis) { canvas.append(h("p", {}, "the network library did not load")); return; }
  const network = new window.vis.Network(canvas, data, {
    nodes: { font: { size: 14 } }, edges: { arrows: { to: { scaleFactor: 0.5 } }, font: { size: 10, align: "middle" } },
    physics: { stabilization: { iterations: 150 } },
  });
  network.on("click", (event) => { if (event.nodes.length) showEntity(event.nodes[0], detail); });
  window.engramGraph = network; // lets a test (or a developer in the console) reach the drawn network
}

function addEdge(edges, rel, ended) {
  if (edges.has(rel.id)) return;
  const over = ended || rel.is_active === false || Boolean(rel.ended_at || rel.valid_to);
  edges.set(rel.id, {
    id: rel.id, from: rel.from_entity_id, to: rel.to_entity_id, label: rel.relationship_type || rel.kind,
    width: 1 + 5 * (rel.strength || 0), dashes: over, color: { color: over ? "#9aa1ad" : "#2f6fde" },
    title: `${rel.relationship_type || rel.kind}${over ? " (ended " + day(rel.ended_at || rel.valid_to) + ")" : ""}: ${rel.description || ""}`,
  });
}

export async function showEntity(id, detail) {
  const entity = await api("GET", `/v1/entities/${id}`);
  const rel = (r, ended) => h("li", { class: ended ? "ended" : "" }, `${r.direction === "incoming" ? "←" : "→"} ${r.relationship_type || r.kind} `,
    h("b", {}, r.other ? r.other.name : ""), ` strength ${(r.strength || 0).toFixed(2)}`, ended ? ` ended ${day(r.ended_at || r.valid_to)}` : "");
  const trend = entity.sentiment || {};
  fill(detail,
    h("h2", {}, entity.name), fields([["type", entity.entity_type], ["relationship", entity.relationship],
      ["description", entity.description], ["mentions", entity.mention_count], ["first", day(entity.first_mentioned_at)],
      ["last", day(entity.last_mentioned_at)], ["sentiment", trend.trend]]),
    sparkline(trend.trajectory || []),
    h("h2", {}, "Relationships"), h("ul", {}, (entity.relationships || []).map((r) => rel(r, false)),
      (entity.relationship_history || []).map((r) => rel(r, true))),
    h("h2", {}, "Notes"), (entity.notes || []).length ? h("ul", {}, entity.notes.map((n) => h("li", {}, n.content || n.text || JSON.stringify(n))))
      : h("p", { class: "muted" }, "no notes"),
    (entity.superseded_facts || []).length ? [h("h2", {}, "Superseded facts"),
      h("ul", {}, entity.superseded_facts.map((f) => h("li", { class: "ended" }, f.content || JSON.stringify(f))))] : null);
}

// The sentiment trajectory as a small inline SVG line: a chart library would be more than it needs.
function sparkline(points) {
  const values = points.map((p) => (typeof p === "number" ? p : p.average ?? p.score ?? p.sentiment)).filter((v) => typeof v === "number");
  if (values.length < 2) return null;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 200 40");
  svg.setAttribute("width", "200");
  svg.setAttribute("height", "40");
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", values.map((v, i) => `${(200 * i) / (values.length - 1)},${20 - 18 * v}`).join(" "));
  line.setAttribute("fill", "none");
  line.setAttribute("stroke", "#2f6fde");
  svg.append(line);
  return svg;
}
