// referee's service worker, rendered by referee/views/offline.py: the static files' versions below make
// each release of the app a new worker, and a new worker replaces the caches of the one before.
//
// - Static files, under their versioned URLs (?v=<hash>), come from the cache: they never change.
//   A page's one stylesheet or script (/static/style.css+form.css?v=<hash>: referee/delivery.py) is
//   made here from the files it names, kept since the install, joined as the server joins them: it
//   needs no connection, even the first time a page asks for it.
// - Pages come from the network whenever it answers, so a page is never older than the server's;
//   each one seen is kept. Without a connection the kept copy is given back, marked with the time it
//   was kept (<html data-saved-at>): the page then says "Offline, as of 21:14".
// - Nothing else is touched: forms, the API and the watchers' polls go to the server as they are.
"use strict";

const RELEASE = "__RELEASE__";
const STATIC_CACHE = `referee-static-${RELEASE}`;
const PAGE_CACHE = `referee-pages-${RELEASE}`;
const STATIC_URLS = {{ static_urls|tojson }};
const STATIC_PREFIX = {{ static_prefix|tojson }};
const HOME_URL = {{ home_url|tojson }};
const WORDS = {{ offline_words|tojson }};
const SAVED_HEADER = "X-Referee-Saved-At";
// Each static file's versioned URL by its name ("piquet/round.js"), and how a bundle joins them.
const STATIC_BY_NAME = new Map(STATIC_URLS.map((url) => [url.slice(STATIC_PREFIX.length).split("?")[0], url]));
const BUNDLE_JOINS = { css: ["\n", "text/css; charset=utf-8"], js: [";\n", "text/javascript; charset=utf-8"] };
const MOST_PAGES = 60;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(STATIC_CACHE).then((cache) => cache.addAll(STATIC_URLS)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const current = [STATIC_CACHE, PAGE_CACHE];
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("referee-") && !current.includes(name)).map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(STATIC_PREFIX) && url.searchParams.has("v")) {
    event.respondWith(staticFile(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request, event));
  }
});

async function staticFile(request) {
  const kept = (await caches.match(request)) || (await bundle(request));
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(STATIC_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

// A bundle made of the files kept at the install; null when it names a file this worker does not keep.
async function bundle(request) {
  const names = new URL(request.url).pathname.slice(STATIC_PREFIX.length).split("+");
  const joins = BUNDLE_JOINS[names[0].split(".").pop()];
  if (names.length < 2 || !joins || !names.every((name) => STATIC_BY_NAME.has(name))) return null;
  const cache = await caches.open(STATIC_CACHE);
  const parts = await Promise.all(names.map((name) => cache.match(STATIC_BY_NAME.get(name))));
  if (!parts.every(Boolean)) return null;
  const texts = await Promise.all(parts.map((part) => part.text()));
  const response = new Response(texts.join(joins[0]), { headers: { "Content-Type": joins[1] } });
  await cache.put(request, response.clone());
  return response;
}

async function page(request, event) {
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    return offlineCopy(request);
  }
  if (keepable(response)) event.waitUntil(keepPage(request.url, response.clone()));
  return response;
}

function keepable(response) {
  return response.status === 200 && response.type === "basic"
    && (response.headers.get("Content-Type") || "").startsWith("text/html")
    && !(response.headers.get("Cache-Control") || "").includes("no-store");
}

// A page kept without the messages of the moment it was seen ("Hand 4 undone."): shown again
// later, offline, they would say something that is no longer news.
async function keepPage(url, response) {
  const html = (await response.text()).replace(/<p class="flash[^"]*" role="status">[\s\S]*?<\/p>/g, "");
  const headers = new Headers(response.headers);
  headers.set(SAVED_HEADER, new Date().toISOString());
  const cache = await caches.open(PAGE_CACHE);
  await cache.put(url, new Response(html, { status: 200, headers }));
  const kept = await cache.keys();
  await Promise.all(kept.slice(0, Math.max(0, kept.length - MOST_PAGES)).map((old) => cache.delete(old)));
}

async function offlineCopy(request) {
  const cache = await caches.open(PAGE_CACHE);
  const kept = await cache.match(request.url);
  if (!kept) return notSeenPage(request);
  const savedAt = kept.headers.get(SAVED_HEADER) || "";
  const html = (await kept.text()).replace("<html", `<html data-saved-at="${savedAt}"`);
  return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// A page never seen here (a play-along answer is a new address each time): said plainly, with the way back
// to the page it was asked from (kept, so it opens) and a link to ask for it again once the connection returns.
function notSeenPage(request) {
  const language = (self.navigator.language || "en").slice(0, 2);
  const words = WORDS[language] || WORDS.en;
  const escape = (text) => text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
  const from = request.referrer && new URL(request.referrer).origin === self.location.origin ? request.referrer : HOME_URL;
  const link = "display:inline-flex;align-items:center;min-height:48px;padding:0 1rem;margin:0 0.5rem 0.5rem 0;"
    + "border:1px solid #d8d4cc;border-radius:0.6rem;color:inherit;text-decoration:none";
  const html = `<!doctype html><html lang="${language}"><meta charset="utf-8">`
    + `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(words.title)}</title>`
    + `<main style="font:18px system-ui;max-width:30rem;margin:2rem auto;padding:0 1rem">`
    + `<h1>${escape(words.title)}</h1><p>${escape(words.text)}</p>`
    + `<p><a data-back href="${escape(from)}" style="${link}">${escape(words.back)}</a>`
    + `<a data-retry href="${escape(request.url)}" style="${link};font-weight:700">${escape(words.retry)}</a></p></main></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
