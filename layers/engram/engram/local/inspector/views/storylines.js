// Storylines and macros: the hierarchy the maintenance job builds (GET /v1/storylines, GET /v1/macros).
// Each storyline shows its title, summary, period, its memories (count and the oldest few) and the macros
// above it; each macro its period and storylines.
import { api, query } from "../api.js";
import { h, day } from "../dom.js";

const period = (from, to) => `${day(from) || "?"} → ${day(to) || "?"}`;

export async function storylinesView(main) {
  const storylines = h("section", { id: "storylines" });
  const macros = h("section", { id: "macros" });
  main.append(h("h2", {}, "Storylines"), storylines, h("h2", {}, "Macros"), macros);
  await Promise.all([
    paged(storylines, "/v1/storylines", storylineItem, "no storylines yet (a node needs 5 sources over 3 days)"),
    paged(macros, "/v1/macros", macroItem, "no macros yet (2 linked storylines over 30 days)")]);
}

// A list that appends page after page behind a "more" button.
async function paged(section, path, item, empty) {
  const more = h("button", { class: "more", hidden: true }, "more");
  const list = h("div", {});
  section.append(list, more);
  let cursor = null;
  const load = async () => {
    const page = await api("GET", path + query({ limit: 20, cursor }));
    list.append(...page.items.map(item));
    if (!list.children.length) list.append(h("p", { class: "muted" }, empty));
    cursor = page.next_cursor;
    more.hidden = !cursor;
  };
  more.addEventListener("click", load);
  await load();
}

function storylineItem(s) {
  return h("article", { class: "storyline", "data-id": s.id },
    h("h3", {}, s.name),
    h("p", { class: "muted" }, `${period(s.started_at, s.last_source_at)} · ${s.source_count} source(s) · about `,
      h("span", { class: "badge" }, `${s.anchor.kind} ${s.anchor.name}`)),
    s.description ? h("p", { class: "summary" }, s.description) : null,
    h("p", { class: "memory-count" }, `${s.memory_count} memor${s.memory_count === 1 ? "y" : "ies"}`),
    h("ul", { class: "storyline-memories" }, s.memories.map((m) =>
      h("li", {}, h("span", { class: "badge" }, m.memory_type), " ", m.content))),
    s.macros.length ? h("p", { class: "macros-above" }, "in macro: ", s.macros.map((m) => h("span", { class: "badge" }, m.name))) : null);
}

function macroItem(m) {
  return h("article", { class: "storyline macro", "data-id": m.id },
    h("h3", {}, m.name),
    h("p", { class: "muted" }, `${period(m.started_at, m.last_event_at)} · ${m.storyline_count} storylines · ${m.total_source_count} sources`),
    m.description ? h("p", { class: "summary" }, m.description) : null,
    h("ul", {}, m.storylines.map((s) => h("li", {}, s.name, h("span", { class: "muted" }, ` ${period(s.started_at, s.last_source_at)}`)))));
}
