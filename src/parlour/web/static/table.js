// The web table's page: reads the socket's messages one after another
// (parlour-wire/1 messages plus the web table's own "view" and "error"),
// shows each event for a moment, and sends the person's clicks back.
// The page holds no game logic: what it draws comes from the server.

const config = JSON.parse(document.getElementById("config").textContent);
const ui = config.ui;
const $ = (id) => document.getElementById(id);
const body = document.body;

let names = {};      // action text -> its name in the page's language
let seat = null;     // the seat this page plays (null: a spectator)
let queue = [];      // messages not yet shown
let showing = false;
let socket = null;

function setState(state, text) {
  body.dataset.state = state;
  $("status").textContent = text;
}

function nameOf(text) {
  return names[text] || text;
}

function who(s) {
  if (s === null || s === undefined) return "";
  if (s < 0) return ui.bank; // a payment to or from no seat (a pool, the bank)
  return s === seat ? `${ui.seat} ${s} (${ui.you})` : `${ui.seat} ${s}`;
}

function logEvent(msg) {
  const parts = [];
  // "display" is the wire's reading in the page's language (of the action,
  // or of the secret when the action is hidden).
  if (msg.seat !== null) {
    if (msg.action) parts.push(`${who(msg.seat)}: ${msg.display || nameOf(msg.action)}`);
    else if (msg.secret) parts.push(`${who(msg.seat)}: ${msg.display || msg.secret}`);
    else parts.push(`${who(msg.seat)}: ${ui.secret}`);
  }
  for (const r of msg.revealed || []) {
    parts.push(`${who(r.seat)}: ${r.display || nameOf(r.action)}`);
  }
  if (!parts.length) return;
  const item = document.createElement("li");
  item.dataset.index = msg.index;
  item.textContent = parts.join(" · ");
  item.className = "event new";
  const log = $("log");
  log.prepend(item);
  // The highlight fades by CSS; the class goes so a later event can flash.
  setTimeout(() => item.classList.remove("new"), Math.max(config.speed * 3, 600));
  while (log.children.length > 60) log.lastChild.remove();
}

function clearTable() {
  $("actions").replaceChildren();
  $("log").replaceChildren();
  $("result").hidden = true;
  $("result").replaceChildren();
  $("undo").hidden = true;
}

function showRequest(msg) {
  const box = $("actions");
  box.replaceChildren();
  for (const entry of msg.legal) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.dataset.id = entry.id;
    button.dataset.text = entry.text;
    button.textContent = nameOf(entry.text);
    button.addEventListener("click", () => send({ type: "action", id: entry.id }));
    box.append(button);
  }
  setState("act", ui.your_turn);
}

function cell(tag, text) {
  const c = document.createElement(tag);
  c.textContent = text;
  return c;
}

function row(tag, values) {
  const r = document.createElement("tr");
  for (const v of values) r.append(cell(tag, v));
  return r;
}

function showEnd(msg) {
  const res = msg.result;
  const box = $("result");
  box.replaceChildren(cell("h2", ui.result));
  const scores = document.createElement("table");
  scores.id = "scores";
  scores.append(row("th", [ui.seat, ui.score, ui.winner]));
  res.scores.forEach((score, s) => {
    const r = row("td", [who(s), String(score), res.winners.includes(s) ? "★" : ""]);
    r.dataset.seat = s;
    r.dataset.score = score;
    scores.append(r);
  });
  box.append(scores);
  if (res.ledger.length) {
    box.append(cell("h3", ui.payments));
    const ledger = document.createElement("table");
    ledger.id = "ledger";
    ledger.append(row("th", [ui.payer, ui.payee, ui.amount, ui.reason]));
    const reasons = msg.display || {};
    for (const [payer, payee, amount, reason] of res.ledger) {
      ledger.append(row("td", [who(payer), who(payee), String(amount), reasons[reason] || reason]));
    }
    box.append(ledger);
  }
  box.hidden = false;
  $("actions").replaceChildren();
  $("undo").hidden = true;
  setState("over", ui.over);
}

function handle(msg) {
  switch (msg.type) {
    case "hello":
      seat = msg.seat;
      clearTable();
      return 0;
    case "snapshot":
      return 0;
    case "event":
      logEvent(msg);
      return msg.index > 0 ? config.speed : 0;
    case "names":
      Object.assign(names, msg.names);
      return 0;
    case "view": {
      const drawing = $("drawing");
      drawing.innerHTML = msg.html;
      drawing.classList.remove("fresh");
      void drawing.offsetWidth; // restart the transition
      drawing.classList.add("fresh");
      $("undo").hidden = !msg.undo;
      $("undo").disabled = false;
      if (config.mode === "watch") setState("watch", ui.spectating);
      else setState("wait", ui.waiting);
      return 0;
    }
    case "request":
      showRequest(msg);
      return 0;
    case "end":
      showEnd(msg);
      return 0;
    case "error":
      $("status").textContent = msg.message;
      body.dataset.error = msg.message;
      if ($("actions").children.length) body.dataset.state = "act";
      for (const b of $("actions").querySelectorAll("button")) b.disabled = false;
      return 0;
    default:
      return 0;
  }
}

function pump() {
  if (showing) return;
  showing = true;
  body.dataset.busy = "1";
  const step = () => {
    if (!queue.length) {
      showing = false;
      body.dataset.busy = "0";
      return;
    }
    const wait = handle(queue.shift());
    if (wait > 0) setTimeout(step, wait);
    else step();
  };
  step();
}

function send(msg) {
  for (const b of document.querySelectorAll("#actions button, #undo")) b.disabled = true;
  body.dataset.state = "sent";
  delete body.dataset.error;
  socket.send(JSON.stringify(msg));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}${config.socket}`);
  socket.addEventListener("message", (e) => {
    queue.push(JSON.parse(e.data));
    pump();
  });
  socket.addEventListener("close", () => {
    if (body.dataset.state !== "over") setState("lost", ui.lost);
  });
}

$("undo").addEventListener("click", () => send({ type: "undo" }));
connect();
