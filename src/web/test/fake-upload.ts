import { vi } from 'vitest';

export type PendingUpload = {
  method: string;
  url: string;
  body: FormData | null;
  /** Reports `loaded` of `total` bytes sent. */
  progress: (loaded: number, total: number) => void;
  /** Answers the upload. */
  finish: (status: number, body: unknown) => void;
};

/**
 * Uploads with progress go through XMLHttpRequest (fetch cannot report upload progress). This
 * replaces it with one the test drives: each sent request is recorded and stays open until the
 * test calls `progress` and `finish` on it; nothing depends on time.
 */
export function installFakeUpload() {
  const uploads: PendingUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      uploads.push({
        method: this.method,
        url: this.url,
        body: body instanceof FormData ? body : null,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
        finish: (status, answer) => {
          this.status = status;
          this.responseText = JSON.stringify(answer);
          this.onload?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}
