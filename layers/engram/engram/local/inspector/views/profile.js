// The profile derived from the memories, each value with the memories that state it.
import { api } from "../api.js";
import { h, day } from "../dom.js";

export async function profileView(main) {
  const profile = await api("GET", "/v1/profile");
  const byCategory = new Map();
  for (const item of profile.items || []) {
    if (!byCategory.has(item.category)) byCategory.set(item.category, []);
    byCategory.get(item.category).push(item);
  }
  main.append(h("section", { id: "profile" },
    byCategory.size ? [...byCategory].map(([category, items]) => [h("h2", {}, category),
      h("table", {}, h("tbody", {}, items.map((i) => h("tr", { onclick: null, style: { cursor: "default" } },
        h("td", {}, i.key), h("td", {}, typeof i.value === "object" ? JSON.stringify(i.value) : String(i.value)),
        h("td", { class: "muted" }, `since ${day(i.valid_from)} · confidence ${i.confidence}`)))))])
      : h("p", { class: "muted" }, "nothing known yet")));
}
