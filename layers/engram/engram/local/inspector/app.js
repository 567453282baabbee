// The inspector: a user picker, hash routing between the views, and the shared error line.
import { setUser, getUser } from "./api.js";
import { memoriesView } from "./views/memories.js";
import { searchView } from "./views/search.js";
import { graphView } from "./views/graph.js";
import { timelineView } from "./views/timeline.js";
import { profileView } from "./views/profile.js";
import { jobsView } from "./views/jobs.js";
import { storylinesView } from "./views/storylines.js";

const VIEWS = { memories: memoriesView, search: searchView, graph: graphView, timeline: timelineView, profile: profileView, storylines: storylinesView, jobs: jobsView };
const RECENT_KEY = "engram.inspector.recentUsers";
const errorLine = document.getElementById("error");

function recentUsers() {
  try { return JSON.parse(localStorage.getItem(RECENT_KEY)) || []; } catch { return []; }
}

function remember(user) {
  const recent = [user, ...recentUsers().filter((u) => u !== user)].slice(0, 10);
  localStorage.setItem(RECENT_KEY, JSON.stringify(recent));
  fillRecent();
}

function fillRecent() {
  const list = document.getElementById("recent-users");
  list.replaceChildren(...recentUsers().map((u) => Object.assign(document.createElement("option"), { value: u })));
}

export function showError(error) {
  errorLine.textContent = error ? String(error.message || error) : "";
  errorLine.hidden = !error;
}

async function render() {
  const name = location.hash.slice(1) || "memories";
  for (const link of document.querySelectorAll("#tabs a")) link.classList.toggle("active", link.dataset.view === name);
  const main = document.getElementById("view");
  if (!getUser()) return;
  const view = VIEWS[name] || memoriesView;
  showError(null);
  main.replaceChildren();
  main.dataset.view = name;
  try {
    await view(main);
  } catch (error) {
    showError(error);
  }
}

document.getElementById("user-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const user = document.getElementById("user").value.trim();
  if (!user) return;
  setUser(user);
  remember(user);
  render();
});
window.addEventListener("hashchange", render);
window.addEventListener("unhandledrejection", (event) => showError(event.reason));

fillRecent();
const initial = new URLSearchParams(location.search).get("user") || recentUsers()[0] || "";
document.getElementById("user").value = initial;
if (initial) { setUser(initial); render(); }
