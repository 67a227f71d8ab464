// The local mail catcher: a real SMTP server (smtp-server) that keeps every message it receives in
// memory and shows them on a small web page, so no email leaves a developer's machine. npm start
// and the end-to-end server start one; the integration tests start their own on free ports.
//   GET  /                     the messages, newest first (a page to read them in a browser)
//   GET  /messages/{id}        one message: its headers, its HTML (in a sandboxed frame) and text
//   GET  /api/messages         the messages as JSON (?to= an address keeps that recipient's)
//   DELETE /api/messages       forgets them all
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** How many messages it keeps: the oldest go first. */
const KEEP = 500;

/**
 * Starts the catcher; ports 0 take free ones. Resolves with where it listens, what it holds and a
 * way to stop it.
 */
export async function startMailCatcher({ host = '127.0.0.1', smtpPort = 1025, webPort = 1080 } = {}) {
  const messages = [];
  const smtp = new SMTPServer({
    // Local only: no TLS, no sign-in; it accepts what it is given and keeps it.
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.unshift(toMessage(parsed, session));
          messages.length = Math.min(messages.length, KEEP);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, host, resolve);
  });
  const web = createServer((req, res) => answer(req, res, messages));
  await new Promise((resolve, reject) => {
    web.once('error', reject);
    web.listen(webPort, host, resolve);
  });
  const smtpAt = smtp.server.address().port;
  const webAt = web.address().port;
  return {
    smtpUrl: `smtp://${host}:${smtpAt}`,
    webUrl: `http://${host}:${webAt}`,
    messages: () => [...messages],
    clear: () => {
      messages.length = 0;
    },
    stop: () =>
      Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => web.close(r))]).then(() => {}),
  };
}

function toMessage(parsed, session) {
  const headers = {};
  for (const [name, value] of parsed.headers)
    headers[name] = typeof value === 'string' ? value : JSON.stringify(value);
  // Headers the parser folds into others (List-Unsubscribe into "list"), as they were sent.
  for (const { key, line } of parsed.headerLines ?? [])
    headers[key] ??= line.slice(line.indexOf(':') + 1).trim();
  return {
    id: randomUUID(),
    receivedAt: new Date().toISOString(),
    from: parsed.from?.text ?? '',
    to: session.envelope.rcptTo.map((r) => r.address),
    subject: parsed.subject ?? '',
    messageId: parsed.messageId ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    headers,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      content: a.content.toString('utf8'),
    })),
  };
}

function answer(req, res, messages) {
  const url = new URL(req.url ?? '/', 'http://catcher');
  if (url.pathname === '/api/messages' && req.method === 'DELETE') {
    messages.length = 0;
    return send(res, 204, 'text/plain', '');
  }
  if (url.pathname === '/api/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const chosen = to ? messages.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : messages;
    return send(res, 200, 'application/json', JSON.stringify(chosen));
  }
  if (url.pathname === '/') return send(res, 200, 'text/html; charset=utf-8', listPage(messages));
  const one = url.pathname.match(/^\/messages\/([\w-]+)$/);
  const message = one && messages.find((m) => m.id === one[1]);
  if (message) return send(res, 200, 'text/html; charset=utf-8', messagePage(message));
  return send(res, 404, 'text/plain', 'Not found');
}

function send(res, status, type, body) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

const escapeHtml = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1d2233}' +
  'table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e6dac4;padding:.5rem;text-align:left}' +
  'iframe{border:1px solid #e6dac4;width:100%;height:40rem}pre{white-space:pre-wrap;background:#fbefd9;padding:1rem}';

function listPage(messages) {
  const rows = messages
    .map(
      (m) =>
        `<tr><td><a href="/messages/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td>` +
        `<td>${escapeHtml(m.to.join(', '))}</td><td>${escapeHtml(m.receivedAt)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mail: Quill Reads</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${PAGE_STYLE}</style></head><body>
<h1>Messages the site sent</h1><p>Caught on this machine; none left it. Newest first.</p>
${messages.length ? `<table><thead><tr><th>Subject</th><th>To</th><th>Received</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No messages yet.</p>'}
</body></html>`;
}

function messagePage(m) {
  const headers = Object.entries(m.headers)
    .map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(m.subject)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${PAGE_STYLE}</style></head><body>
<p><a href="/">All messages</a></p><h1>${escapeHtml(m.subject)}</h1>
<p>To ${escapeHtml(m.to.join(', '))}${m.attachments.length ? ` · attached: ${escapeHtml(m.attachments.map((a) => a.filename).join(', '))}` : ''}</p>
<iframe title="The message as HTML" sandbox srcdoc="${escapeHtml(m.html)}"></iframe>
<h2>Plain text</h2><pre>${escapeHtml(m.text)}</pre><h2>Headers</h2><pre>${headers}</pre></body></html>`;
}
