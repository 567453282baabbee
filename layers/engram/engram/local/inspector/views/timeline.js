// The timeline by day, derived from the memories when it is read (POST /v1/timeline).
import { api } from "../api.js";
import { fill, h } from "../dom.js";

export async function timelineView(main) {
  const form = h("form", { class: "filters", id: "timeline-form" },
    h("label", {}, "from ", h("input", { type: "date", name: "start" })),
    h("label", {}, "to ", h("input", { type: "date", name: "end" })),
    h("input", { name: "query", placeholder: "or in words: in March", size: 20 }),
    h("button", { type: "submit" }, "show"));
  const list = h("section", { id: "timeline" });
  main.append(form, list);
  const load = async (body) => {
    const timeline = await api("POST", "/v1/timeline", body);
    fill(list, h("p", { class: "muted" }, `${timeline.count} event(s)`),
      timeline.days.map((d) => h("div", { class: "day" }, h("h2", {}, d.date),
        h("ul", {}, d.events.map((e) => h("li", {}, h("span", { class: "badge" }, e.event_type), " ", e.title,
          e.is_historical ? h("span", { class: "muted" }, " (historical)") : null))))));
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const body = {};
    if (data.get("start")) body.start = data.get("start") + "T00:00:00Z";
    if (data.get("end")) body.end = data.get("end") + "T23:59:59Z";
    if (data.get("query").trim()) body.query = data.get("query").trim();
    load(body);
  });
  // The API wants a window: by default the past year and the next three months.
  const now = Date.now();
  const day = 86400000;
  await load({ start: new Date(now - 365 * day).toISOString(), end: new Date(now + 90 * day).toISOString() });
}
