// jsdom's XMLHttpRequest would go to the network. Tests answer requests with mockFetch, so this
// stand-in sends every XHR (uploads with progress, api/upload.ts) through the current `fetch`
// and reports the whole body as sent before the answer comes.

export class XhrOverFetch {
  readonly upload = new EventTarget();
  status = 0;
  responseText = '';
  withCredentials = false;
  private readonly events = new EventTarget();
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  send(body: FormData | string | null) {
    const total =
      body instanceof FormData
        ? [...body.values()].reduce((size, value) => size + (typeof value === 'string' ? value.length : value.size), 0)
        : (body ?? '').length;
    void (async () => {
      this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: total, total }));
      try {
        const response = await fetch(this.url, { method: this.method, headers: this.headers, body: body ?? undefined });
        this.status = response.status;
        this.responseText = await response.text();
        this.events.dispatchEvent(new Event('load'));
      } catch {
        this.events.dispatchEvent(new Event('error'));
      }
    })();
  }
}
