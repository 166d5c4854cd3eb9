// The census atlas: every figure shown comes from /api/census/* as the
// server reads the rows (census_atlas.hpp); this page only lays it out.

const $ = (id) => document.getElementById(id);
const PAGE = 50;
let offset = 0;
let asked = 0;  // the latest list asked for: an answer to an earlier one (typing is fast) is dropped

async function get(path) {
  const reply = await fetch(path);
  const body = await reply.json();
  if (!reply.ok) throw new Error(body.error || `${reply.status}`);
  return body;
}

function show(element, text) {
  element.textContent = text;
  element.hidden = !text;
}

const number = (n) => (n === null || n === undefined ? "" : Number(n).toLocaleString("en"));

function status(s) {
  if (!s) return "not in the normal-play censuses";
  if (s.proven) return `periodic: period ${number(s.period)} from heap ${number(s.preperiod)}, proven`;
  return `no period up to ${number(s.checked_up_to)}`;
}

function misereWords(m) {
  if (m.misere_size === null || m.misere_size === undefined) return "";
  const kind = m.misere_tame ? "tame" : "wild";
  return `${number(m.misere_size)} elements, ${kind}${m.misere_whole ? ", whole game" : ""}`;
}

function gameLink(game) {
  const a = document.createElement("a");
  a.href = `?code=${encodeURIComponent(game.replace("octal:", ""))}`;
  a.textContent = game;
  a.addEventListener("click", (event) => {
    event.preventDefault();
    lookUp(game);
  });
  return a;
}

function addRow(body, label, value) {
  const tr = document.createElement("tr");
  const th = document.createElement("th");
  th.textContent = label;
  const td = document.createElement("td");
  if (value instanceof Node) td.append(value);
  else td.textContent = value;
  tr.append(th, td);
  body.append(tr);
}

function misereLines(row) {
  if (!row) return "not in the misère censuses";
  const kind = row.tame ? "tame" : "wild";
  let text = `quotient of ${number(row.size)} elements (${kind}) for heaps 0 to ${number(row.max_heap)}`;
  if (row.whole) text += `; the whole game's, by ${row.whole.theorem}`;
  else if (row.stopped) text += `; not proven for every heap: ${row.stopped}`;
  return text;
}

async function lookUp(typed) {
  show($("code-error"), "");
  let entry;
  try {
    entry = await get(`/api/census/game?code=${encodeURIComponent(typed)}`);
  } catch (e) {
    $("entry").hidden = true;
    show($("code-error"), e.message);
    return;
  }
  $("code").value = entry.game.replace("octal:", "");
  history.replaceState(null, "", `?code=${encodeURIComponent($("code").value)}`);
  $("entry-title").textContent = entry.game;
  const rows = $("entry-rows");
  rows.replaceChildren();
  const s = entry.summary;
  const n = entry.normal;
  addRow(rows, "normal play", status(s));
  if (s && s.proven) {
    addRow(rows, "proof", `${n.check}; ${n.theorem}. The check reads G(0..${number(s.proof_bound)}).`);
  } else if (n) {
    addRow(rows, "why not proven", n.reason || "");
  }
  if (s) {
    addRow(rows, "values computed", `G(0) to G(${number(s.checked_up_to)})${s.deep ? ", by a deep pass" : ""}`);
    addRow(rows, "largest value", `${number(s.largest_value)} (first at heap ${number(n.largest_at)})`);
    addRow(rows, "rare values", s.rare_mask === null ? "none found" :
      `mask 0x${s.rare_mask.toString(16)}${n.rare_parity ? " with parity" : ""}: ${number(n.rare_heaps)} rare heaps, the last ${number(n.last_rare)}`);
    addRow(rows, "computed in", `${s.seconds} s (census ${s.census})`);
  }
  const same = document.createElement("span");
  for (const [i, g] of entry.same_values.entries()) {
    if (i) same.append(", ");
    same.append(gameLink(g));
  }
  addRow(rows, "same values as", entry.same_values.length ? same : "no other code of the censuses");
  addRow(rows, "misère play", misereLines(entry.misere));
  const links = $("entry-links");
  links.replaceChildren();
  const play = document.createElement("a");
  play.id = "play-link";
  play.href = `/index.html?position=${encodeURIComponent(`${entry.game} 12`)}`;
  play.textContent = `Play ${entry.game}`;
  links.append(play);
  for (const source of entry.sources) {
    const a = document.createElement("a");
    a.href = source.url;
    a.textContent = source.name;
    links.append(" · ", a);
  }
  $("entry-plot").src = `/api/plot?game=${encodeURIComponent(entry.game)}&to=300`;
  $("entry-plot").alt = `G(0..300) of ${entry.game}`;
  $("entry-plot-caption").textContent = `The values G(0..300) of ${entry.game}, drawn by the server.`;
  $("entry").hidden = false;
}

async function list() {
  const query = new URLSearchParams({
    filter: $("filter").value, sort: $("sort").value, code: $("prefix").value.trim(),
    offset: String(offset), limit: String(PAGE),
  });
  const ask = ++asked;
  let page;
  try {
    page = await get(`/api/census/list?${query}`);
  } catch (e) {
    if (ask === asked) show($("list-error"), e.message);
    return;
  }
  if (ask !== asked) return;
  show($("list-error"), "");
  const body = $("list-rows");
  body.replaceChildren();
  for (const s of page.rows) {
    const tr = document.createElement("tr");
    const cells = [gameLink(s.game), s.proven ? "proven" : "no period found", number(s.period),
      number(s.preperiod), number(s.checked_up_to), number(s.largest_value), misereWords(s)];
    for (const c of cells) {
      const td = document.createElement("td");
      td.append(c);
      tr.append(td);
    }
    body.append(tr);
  }
  const last = Math.min(page.total, offset + page.rows.length);
  $("list-count").textContent = page.total ? `games ${number(offset + 1)} to ${number(last)} of ${number(page.total)}` : "no game";
  $("previous").disabled = offset === 0;
  $("next").disabled = last >= page.total;
}

async function downloads() {
  const about = await get("/api/census/about");
  const p = $("downloads");
  p.replaceChildren(`${number(about.games)} games. Download the rows: `);
  for (const [i, census] of about.censuses.entries()) {
    if (i) p.append(" · ");
    p.append(`${census} `);
    for (const format of census.endsWith("-misere") ? ["jsonl"] : ["jsonl", "csv"]) {
      const a = document.createElement("a");
      a.href = `/api/census/download?census=${census}&format=${format}`;
      a.textContent = format;
      p.append(a, " ");
    }
  }
}

$("lookup-form").addEventListener("submit", (event) => {
  event.preventDefault();
  lookUp($("code").value.trim());
});
for (const id of ["filter", "sort"]) $(id).addEventListener("change", () => { offset = 0; list(); });
$("prefix").addEventListener("input", () => { offset = 0; list(); });
$("list-form").addEventListener("submit", (event) => event.preventDefault());
$("previous").addEventListener("click", () => { offset = Math.max(0, offset - PAGE); list(); });
$("next").addEventListener("click", () => { offset += PAGE; list(); });

const linked = new URLSearchParams(location.search).get("code");
if (linked) lookUp(linked);
list();
downloads().catch((e) => show($("list-error"), e.message));
