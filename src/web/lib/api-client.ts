import type { ZodType, ZodTypeDef } from 'zod';
import { ErrorResponseSchema, UNAUTHENTICATED_MESSAGE, ValidationErrorResponseSchema } from '../../contract/errors';

/**
 * The error catalogue as the web sees it:
 * - `unauthenticated`: 401 (the session is ended by the client);
 * - `validation`: 422 with field errors (from `errors`, or a single `message`);
 * - `server`: any other status or a network failure (shown as the generic Dutch message);
 * - `invalid-response`: a 2xx answer whose body does not match the contract.
 */
export type ApiErrorKind = 'unauthenticated' | 'validation' | 'server' | 'invalid-response';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  /** The message the server sent, if any. */
  readonly serverMessage: string | null;
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;

  constructor(
    kind: ApiErrorKind,
    options: { status: number; serverMessage?: string | null; fieldErrors?: Record<string, string[]> },
  ) {
    super(options.serverMessage ?? kind);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = options.status;
    this.serverMessage = options.serverMessage ?? null;
    this.fieldErrors = options.fieldErrors ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type AnySchema<T> = ZodType<T, ZodTypeDef, unknown>;

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The contract schema of the answer; without one the body is ignored. */
  schema?: AnySchema<T>;
  /** A token to use instead of the session's (the user fetch right after login). */
  token?: string | null;
  signal?: AbortSignal;
  /**
   * This request revokes the token it carries (the logout): from the moment it is sent, no other
   * request with that token leaves the app. Each would reach the server after the token's end
   * and be answered 401; it fails here instead, as unauthenticated, without a request.
   */
  endsSession?: boolean;
  /**
   * Upload progress of a FormData body, 0 to 1. Given, the request goes through
   * XMLHttpRequest: fetch reports no upload progress.
   */
  onUploadProgress?: (fraction: number) => void;
};

export type ApiClientOptions = {
  baseUrl?: string;
  getToken: () => string | null;
  /** Called on every 401 of a request that carried a token: the session has ended. */
  onUnauthenticated: () => void;
  /** The reader's language, sent as `Accept-Language` so 422 texts come back in it. */
  getLanguage?: () => string | undefined;
  fetch?: typeof fetch;
  /**
   * An answer already under way for a plain GET of `path` with these headers (lib/prefetch.ts),
   * or undefined to fetch.
   */
  takePrefetched?: (path: string, headers: Readonly<Record<string, string>>) => Promise<Response> | undefined;
};

export type ApiClient = {
  request: <T = undefined>(path: string, options?: RequestOptions<T>) => Promise<T>;
  get: <T>(path: string, schema: AnySchema<T>, signal?: AbortSignal) => Promise<T>;
  post: <T = undefined>(path: string, body?: unknown, schema?: AnySchema<T>) => Promise<T>;
  patch: <T = undefined>(path: string, body?: unknown, schema?: AnySchema<T>) => Promise<T>;
  delete: <T = undefined>(path: string, schema?: AnySchema<T>) => Promise<T>;
  /** The successful raw response (binary downloads), with the same error mapping. */
  raw: (path: string, options?: Omit<RequestOptions<unknown>, 'schema'>) => Promise<Response>;
};

let requestsInFlight = 0;

/** How many requests of the API clients are under way (sent, no answer yet). */
export function apiRequestsInFlight(): number {
  return requestsInFlight;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  /** The token a logout has been sent for (`endsSession`). */
  let ending: string | null = null;

  /** Sends the request, counted in `apiRequestsInFlight` until its answer has come. */
  async function send(path: string, requestOptions: Omit<RequestOptions<unknown>, 'schema'>): Promise<Response> {
    requestsInFlight += 1;
    try {
      return await sendCounted(path, requestOptions);
    } finally {
      requestsInFlight -= 1;
    }
  }

  /** Sends the request; answers the response when it is ok, else throws the mapped ApiError. */
  async function sendCounted(path: string, requestOptions: Omit<RequestOptions<unknown>, 'schema'>): Promise<Response> {
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const token = requestOptions.token === undefined ? options.getToken() : requestOptions.token;
    if (token && token === ending && !requestOptions.endsSession)
      throw new ApiError('unauthenticated', { status: 401, serverMessage: UNAUTHENTICATED_MESSAGE });
    if (requestOptions.endsSession) ending = token;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const language = options.getLanguage?.();
    if (language) headers['Accept-Language'] = language;
    // A FormData body is sent as multipart (the browser sets the boundary); anything else as JSON.
    const isForm = typeof FormData !== 'undefined' && requestOptions.body instanceof FormData;
    if (requestOptions.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      if (isForm && requestOptions.onUploadProgress) {
        response = await sendWithProgress(
          `${baseUrl}${path}`,
          requestOptions.method ?? 'POST',
          headers,
          requestOptions.body as FormData,
          requestOptions.signal,
          requestOptions.onUploadProgress,
        );
      } else {
        const method = requestOptions.method ?? 'GET';
        const prefetched =
          method === 'GET' && requestOptions.body === undefined ? options.takePrefetched?.(path, headers) : undefined;
        response = prefetched
          ? await prefetched
          : await doFetch(`${baseUrl}${path}`, {
              method,
              headers,
              body:
                requestOptions.body === undefined
                  ? undefined
                  : isForm
                    ? (requestOptions.body as FormData)
                    : JSON.stringify(requestOptions.body),
              signal: requestOptions.signal,
            });
      }
    } catch (error) {
      if (requestOptions.signal?.aborted) throw error;
      throw new ApiError('server', { status: 0 });
    }

    if (response.ok) return response;

    const json = await readJson(response);
    const serverMessage = ErrorResponseSchema.safeParse(json).data?.message ?? null;

    if (response.status === 401) {
      if (token) options.onUnauthenticated();
      throw new ApiError('unauthenticated', { status: 401, serverMessage: serverMessage ?? UNAUTHENTICATED_MESSAGE });
    }
    if (response.status === 422) {
      const validation = ValidationErrorResponseSchema.safeParse(json);
      return Promise.reject(
        new ApiError('validation', {
          status: 422,
          serverMessage,
          fieldErrors: validation.success ? validation.data.errors : {},
        }),
      );
    }
    throw new ApiError('server', { status: response.status, serverMessage });
  }

  async function request<T>(path: string, requestOptions: RequestOptions<T> = {}): Promise<T> {
    const { schema, ...rest } = requestOptions;
    const response = await send(path, rest);
    if (!schema) return undefined as T;
    const parsed = schema.safeParse(await readJson(response));
    if (!parsed.success) throw new ApiError('invalid-response', { status: response.status });
    return parsed.data;
  }

  return {
    request,
    raw: (path, rawOptions = {}) => send(path, rawOptions),
    get: (path, schema, signal) => request(path, { schema, signal }),
    post: (path, body, schema) => request(path, { method: 'POST', body, schema }),
    patch: (path, body, schema) => request(path, { method: 'PATCH', body, schema }),
    delete: (path, schema) => request(path, { method: 'DELETE', schema }),
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** A multipart request through XMLHttpRequest, reporting upload progress; answers a fetch Response. */
function sendWithProgress(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: FormData,
  signal: AbortSignal | undefined,
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      onProgress(1);
      const responseHeaders = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) responseHeaders.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers: responseHeaders }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was aborted.', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}
