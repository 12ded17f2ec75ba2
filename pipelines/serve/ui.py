"""The support agent's chat page (``GET /``): one HTML document, no build step, no external asset.

The page holds the conversation in the browser (it sends the whole conversation each turn, as
any OpenAI client does), asks for the answer with ``X-PDT-Boundary: 1`` so the response carries
what left the boundary (the minimized request as the ledger recorded it), and shows it beside
each answer, together with handoff notices.  Every text is put in the page with
``textContent`` (an answer can never become markup), and the Content-Security-Policy allows only
this page's own script and style (by hash) and requests to its own origin.
"""

from __future__ import annotations

import base64
import hashlib

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2330; }
header { display: flex; gap: .6rem; align-items: center; flex-wrap: wrap; padding: .7rem 1rem;
  background: #1d2330; color: #fff; }
header h1 { font-size: 1rem; margin: 0 1rem 0 0; }
header input[type=password], header input[type=text] { padding: .3rem .4rem; border-radius: 4px; border: 0; }
button { padding: .35rem .8rem; border-radius: 4px; border: 1px solid #8891a5; background: #fff; cursor: pointer; }
main { padding: 1rem; max-width: 1200px; margin: 0 auto; }
.turn { display: grid; grid-template-columns: 3fr 2fr; gap: 1rem; margin-bottom: 1rem; }
.bubble { background: #fff; border-radius: 8px; padding: .7rem .9rem; white-space: pre-wrap;
  box-shadow: 0 1px 2px #0002; }
.user .bubble { background: #e3ecff; }
.side { background: #fffbe6; border: 1px dashed #c9b458; border-radius: 8px; padding: .6rem .8rem;
  font-size: 13px; white-space: pre-wrap; overflow-wrap: anywhere; }
.side h2 { font-size: 12px; text-transform: uppercase; margin: 0 0 .3rem; color: #7a6520; }
.handoff { background: #ffe9e6; border-color: #d46a5a; }
.handoff h2 { color: #a1382a; }
.role { font-size: 12px; color: #5b6478; margin-bottom: .2rem; }
#composer { display: flex; gap: .6rem; margin-top: 1rem; }
#composer textarea { flex: 1; min-height: 4.5rem; padding: .5rem; border-radius: 6px; border: 1px solid #b8bfcc; }
#status { font-size: 13px; color: #5b6478; margin-top: .4rem; min-height: 1.2em; }
"""

SCRIPT = """
(() => {
  const $ = (id) => document.getElementById(id);
  let sessionId = null;
  let messages = [];
  const el = (tag, cls, text) => { const n = document.createElement(tag); if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text; return n; };
  const status = (text) => { $('status').textContent = text; };

  function addUser(text) {
    const row = el('div', 'turn user');
    const col = el('div');
    col.append(el('div', 'role', 'Customer'), el('div', 'bubble', text));
    row.append(col, el('div'));
    $('conversation').append(row);
  }

  function addAnswer() {
    const row = el('div', 'turn answer');
    const col = el('div');
    const bubble = el('div', 'bubble', '');
    col.append(el('div', 'role', 'Assistant'), bubble);
    const side = el('div', 'side');
    side.append(el('h2', '', 'What left the boundary'));
    const body = el('div', 'left', 'waiting...');
    side.append(body);
    row.append(col, side);
    $('conversation').append(row);
    return { bubble, side, body };
  }

  function showBoundary(view, boundary, handoff) {
    view.body.textContent = '';
    if (handoff) {
      view.side.classList.add('handoff');
      view.side.querySelector('h2').textContent = 'Handed to a human';
      view.body.append(el('div', 'handoff-info',
        'Handoff ' + handoff.id + ' (' + handoff.kind + '): ' + (handoff.labels || []).join(', ')));
    }
    const sent = (boundary && boundary.sent) || [];
    if (!sent.length) { view.body.append(el('div', 'nothing', 'Nothing was sent to the external model.')); return; }
    for (const request of sent) {
      for (const m of request.messages || []) {
        if (m.role === 'system') continue;
        view.body.append(el('div', 'sent-' + m.role, m.role + ': ' + m.content));
      }
    }
  }

  async function send() {
    const key = $('key').value.trim();
    const text = $('input').value;
    if (!text.trim()) return;
    $('input').value = '';
    addUser(text);
    messages.push({ role: 'user', content: text });
    const view = addAnswer();
    const headers = { 'Content-Type': 'application/json', 'X-PDT-Boundary': '1' };
    if (key) headers['Authorization'] = 'Bearer ' + key;
    if (sessionId) headers['X-Session-Id'] = sessionId;
    const stream = $('stream').checked;
    const body = { model: 'support', messages, stream };
    const task = $('task').value.trim();
    if (task) body.metadata = { task };
    status('sending...');
    let res;
    try {
      res = await fetch('/v1/chat/completions', { method: 'POST', headers, body: JSON.stringify(body) });
    } catch (err) { status('network error'); return; }
    if (res.headers.get('X-Session-Id')) {
      sessionId = res.headers.get('X-Session-Id');
      $('session').textContent = 'session ' + sessionId.slice(0, 6) + '...';
    }
    if (!res.ok) {
      let msg = res.status + '';
      try {
        const e = await res.json();
        msg += ' ' + e.error.type + ': ' + e.error.message;
      } catch (e) { /* not JSON */ }
      view.bubble.textContent = 'Error ' + msg;
      view.body.textContent = '';
      status('');
      messages.pop();
      return;
    }
    let answer = '';
    if (!stream) {
      const data = await res.json();
      answer = data.choices[0].message.content;
      view.bubble.textContent = answer;
      showBoundary(view, data.boundary, data.handoff);
    } else {
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buf.indexOf('\\n\\n')) >= 0) {
          const line = buf.slice(0, cut); buf = buf.slice(cut + 2);
          if (!line.startsWith('data: ')) continue;
          const data = line.slice(6);
          if (data === '[DONE]') continue;
          const ev = JSON.parse(data);
          if (ev.error) {
            view.bubble.textContent += '\\n[error ' + ev.error.type + ': ' + ev.error.message + ']';
            continue;
          }
          const choice = ev.choices[0];
          if (choice.delta && choice.delta.content) {
            answer += choice.delta.content;
            view.bubble.textContent = answer;
          }
          if (choice.finish_reason) showBoundary(view, ev.boundary, ev.handoff);
        }
      }
    }
    messages.push({ role: 'assistant', content: answer });
    status('');
  }

  async function erase() {
    if (!sessionId) { reset(); return; }
    const headers = {};
    const key = $('key').value.trim();
    if (key) headers['Authorization'] = 'Bearer ' + key;
    const res = await fetch('/v1/sessions/' + encodeURIComponent(sessionId), { method: 'DELETE', headers });
    status(res.ok ? 'session erased' : 'erase failed: ' + res.status);
    reset();
  }

  function reset() {
    sessionId = null;
    messages = [];
    $('conversation').textContent = '';
    $('session').textContent = 'new session';
  }

  $('send').addEventListener('click', send);
  $('erase').addEventListener('click', erase);
  $('new').addEventListener('click', reset);
  $('input').addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send(); });
})();
"""

PAGE = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Support assistant</title>
<style>{STYLE}</style>
</head>
<body>
<header>
  <h1>Support assistant</h1>
  <label>API key <input id="key" type="password" autocomplete="off" size="28"></label>
  <label>Task <input id="task" type="text" placeholder="general_question" size="16"></label>
  <label><input id="stream" type="checkbox" checked> stream</label>
  <span id="session">new session</span>
  <button id="new" type="button">New conversation</button>
  <button id="erase" type="button">Erase session</button>
</header>
<main>
  <div id="conversation"></div>
  <div id="composer">
    <textarea id="input" placeholder="The customer's message (Ctrl+Enter sends)"></textarea>
    <button id="send" type="button">Send</button>
  </div>
  <div id="status"></div>
</main>
<script>{SCRIPT}</script>
</body>
</html>
"""


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


CONTENT_SECURITY_POLICY = (
    f"default-src 'none'; script-src {_sha256(SCRIPT)}; style-src {_sha256(STYLE)}; connect-src 'self'; "
    "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
