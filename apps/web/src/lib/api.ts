import { type ErrorCode, errorCodes } from '@deckhand/contract/error-codes';
import { type Camelize, camelize } from './case';
import { readStoredToken } from './token-store';

/** Origin of the Deckhand server; empty means the one serving the app. */
export const backendUrl = import.meta.env.VITE_BACKEND_URL ?? '';

/** Thrown for every non-2xx answer. The UI switches on `code` (from the error body), never on the message. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly retryAfterSeconds: number | null;
  /**
   * The server's `error.message`: shown only where it is written for the person (why a search query does not
   * parse), never compared.
   */
  readonly detail: string | null;

  constructor(status: number, code: string | null, retryAfterSeconds: number | null, detail: string | null = null) {
    super(`HTTP error, status = ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
    this.detail = detail;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiOptions {
  method?: HttpMethod;
  /** Sent as JSON, in the wire convention (snake_case): build it from the contract's input types. */
  body?: unknown;
  /** Aborts the request, e.g. TanStack Query's when a newer search makes this one moot. */
  signal?: AbortSignal;
}

/** Asked once when a request made with a token answers 401; resolves true when a new token is stored. */
type UnauthorizedHandler = () => Promise<boolean>;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** Paths whose 401 is an answer about the credentials themselves, so retrying after a refresh makes no sense. */
const sessionPaths = new Set(['auth/login', 'auth/register', 'auth/refresh', 'auth/logout']);

export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

function send(path: string, method: HttpMethod, body: unknown, token: string, signal?: AbortSignal): Promise<Response> {
  // As spec §7: always the JSON content type; a call without a payload sends an empty body, which the
  // server takes as no body.
  const payload = method === 'GET' || body === undefined ? undefined : JSON.stringify(body);
  return fetch(`${backendUrl}/api/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
    body: payload,
    credentials: 'same-origin',
    signal,
  });
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page, for instance; the status decides what happens next.
    return undefined;
  }
}

function parseRetryAfter(response: Response): number | null {
  const value = Number(response.headers.get('Retry-After'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The contract's ApiError body, read without zod: any answer can be an error, so this is part of the first load, and
 * zod is not (api.test.ts holds this to the schema).
 */
function readErrorBody(body: unknown): { code: string; message: string } | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message } = body.error;
  return typeof code === 'string' && typeof message === 'string' ? { code, message } : null;
}

function errorFromBody(status: number, body: unknown, retryAfterSeconds: number | null): ApiRequestError {
  const error = readErrorBody(body);
  if (!error) return new ApiRequestError(status, null, retryAfterSeconds);
  return new ApiRequestError(status, error.code, retryAfterSeconds, error.message);
}

async function readBody(response: Response): Promise<unknown> {
  const data = parseJson(await response.text());
  if (!response.ok) {
    throw errorFromBody(response.status, data, parseRetryAfter(response));
  }
  if (data === undefined) throw new Error(`Invalid JSON in the answer to ${response.url}`);
  return data;
}

/**
 * The backend helper of DESIGN.md §4: calls `/api/<path>` with the stored ID token and returns the parsed JSON
 * (null for an empty answer). Throws ApiRequestError ('HTTP error, status = …') on a non-2xx answer.
 */
export async function api(path: string, { method = 'GET', body, signal }: ApiOptions = {}): Promise<unknown> {
  const token = readStoredToken() ?? '';
  const response = await send(path, method, body, token, signal);
  if (response.status === 401 && token !== '' && unauthorizedHandler && !sessionPaths.has(path)) {
    const refreshed = await unauthorizedHandler();
    if (refreshed) return readBody(await send(path, method, body, readStoredToken() ?? '', signal));
  }
  return readBody(response);
}

/** For requests sent outside `api()` (uploads, which need XMLHttpRequest's progress): a new token after a 401. */
export async function renewTokenAfterUnauthorized(): Promise<boolean> {
  return unauthorizedHandler ? unauthorizedHandler() : false;
}

/** The ApiRequestError for a non-2xx answer read elsewhere than `api()`. */
export function apiErrorOf(status: number, text: string): ApiRequestError {
  return errorFromBody(status, parseJson(text), null);
}

/** For the few answers that are plain text rather than JSON (the VAPID key, spec §7). Throws like `api()`. */
export async function apiText(path: string): Promise<string> {
  const response = await send(path, 'GET', undefined, readStoredToken() ?? '');
  const text = await response.text();
  if (!response.ok) {
    throw errorFromBody(response.status, parseJson(text), parseRetryAfter(response));
  }
  return text;
}

/** What `apiData` needs of a contract schema (zod's and zod/mini's alike). */
interface ContractSchema<T> {
  parse(data: unknown): T;
}

/** `api()` plus validation against a contract schema and conversion to the client's camelCase. */
export async function apiData<T>(schema: ContractSchema<T>, path: string, options?: ApiOptions): Promise<Camelize<T>> {
  return camelize(schema.parse(await api(path, options)));
}

/**
 * `apiData` for requests of the first load's code: the schema's module, and zod with it, is imported only when such a
 * request is made, at the same time.
 */
export async function apiDataImporting<T>(
  importSchema: () => Promise<ContractSchema<T>>,
  path: string,
  options?: ApiOptions,
): Promise<Camelize<T>> {
  const [schema, data] = await Promise.all([importSchema(), api(path, options)]);
  return camelize(schema.parse(data));
}

function isErrorCode(code: string | null): code is ErrorCode {
  return errorCodes.some((known) => known === code);
}

/** The contract error code carried by `error`, or null (network failure, unknown code, not an API error). */
export function errorCodeOf(error: unknown): ErrorCode | null {
  if (!(error instanceof ApiRequestError)) return null;
  return isErrorCode(error.code) ? error.code : null;
}
