/**
 * The test host's sandbox proxy (the spec's double iframe): a page on another origin than the host
 * that writes the view's HTML into an inner frame and relays postMessage between the two. Its CSP
 * is a response header built from the resource's `_meta.ui.csp`; the inner frame inherits it.
 */
type ResourceCsp = { connectDomains?: string[]; resourceDomains?: string[] };

/**
 * What a strict host allows: inline script and style (the view is one file), nothing from the
 * network beyond the domains the resource declares, and no eval of any kind.
 */
export function sandboxCsp(csp: ResourceCsp): string {
  const safe = (domains: string[] | undefined) => (domains ?? []).filter((domain) => !/[;\s'"]/.test(domain));
  const resources = safe(csp.resourceDomains).join(" ");
  const connect = safe(csp.connectDomains).join(" ") || "'none'";
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${resources}`.trim(),
    `style-src 'unsafe-inline' ${resources}`.trim(),
    `img-src data: ${resources}`.trim(),
    `font-src data: ${resources}`.trim(),
    `media-src data: ${resources}`.trim(),
    `connect-src ${connect}`,
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

export function sandboxProxyHtml(hostOrigin: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>html,body{margin:0;height:100%;background:transparent}iframe{display:block;border:0;width:100%;height:100%}</style></head>
<body><script>
(() => {
  const hostOrigin = ${JSON.stringify(hostOrigin)};
  window.viewCspViolations = [];
  const inner = document.createElement("iframe");
  inner.setAttribute("sandbox", "allow-scripts allow-same-origin allow-forms");
  inner.title = "Brief view";
  document.body.appendChild(inner);
  window.addEventListener("message", (event) => {
    if (event.source === window.parent) {
      if (event.origin !== hostOrigin) return;
      if (event.data && event.data.method === "ui/notifications/sandbox-resource-ready") {
        const doc = inner.contentDocument;
        doc.open();
        // For the tests: every CSP violation of the view, from its first line on (open() drops
        // earlier listeners, so this goes between open and write).
        doc.addEventListener("securitypolicyviolation", (violation) => window.viewCspViolations.push(violation.effectiveDirective));
        doc.write(event.data.params.html);
        doc.close();
        return;
      }
      inner.contentWindow.postMessage(event.data, "*");
    } else if (event.source === inner.contentWindow && event.origin === location.origin) {
      window.parent.postMessage(event.data, hostOrigin);
    }
  });
  window.parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} }, hostOrigin);
})();
</script></body></html>`;
}
