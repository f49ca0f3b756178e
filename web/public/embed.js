/*
 * Tessera's embed script (issue 10): another site pastes
 *   <script src="https://<tessera host>/embed.js" data-board="<slug>" async></script>
 * and gets the board in an iframe that grows and shrinks with the board's content, so the host
 * page never shows a second scroll bar. The frame's page (/embed) tells its height with
 * postMessage; only messages from that very frame and from this script's own origin are read.
 *
 * Attributes: data-board (required), data-token (a signed embed token, for private boards),
 * data-filters (URL filters, `name:value,...`), data-title (the frame's accessible name).
 * Plain ES5 and no globals: it runs on pages we do not control.
 */
(function () {
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src).origin;
  var board = script.getAttribute('data-board');
  if (!board) {
    console.error('Tessera embed: the <script> needs a data-board attribute naming the board.');
    return;
  }
  var url = new URL('/embed', origin);
  url.searchParams.set('board', board);
  var token = script.getAttribute('data-token');
  if (token) url.searchParams.set('token', token);
  var filters = script.getAttribute('data-filters');
  if (filters) url.searchParams.set('filters', filters);

  var frame = document.createElement('iframe');
  frame.src = url.href;
  frame.title = script.getAttribute('data-title') || 'Tessera board';
  frame.loading = 'lazy';
  frame.setAttribute('scrolling', 'no');
  frame.style.cssText = 'display:block;width:100%;height:600px;border:0;overflow:hidden';
  script.parentNode.insertBefore(frame, script.nextSibling);

  // A ceiling keeps a misbehaving page from growing the host page without end.
  var MAX_HEIGHT = 100000;
  window.addEventListener('message', function (event) {
    if (event.source !== frame.contentWindow || event.origin !== origin) return;
    var data = event.data;
    if (!data || data.type !== 'tessera:height') return;
    var height = Math.ceil(Number(data.height));
    if (height > 0 && height <= MAX_HEIGHT) frame.style.height = height + 'px';
  });
})();
