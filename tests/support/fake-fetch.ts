/** A scripted `fetch` for unit tests: records every request and answers from a script. */

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal | undefined;
  redirect: RequestRedirect | undefined;
}

/** One scripted answer: a response, a thrown error, or a function of the request. */
export type Answer = Response | Error | ((request: RecordedRequest) => Response | Promise<Response>);

export function createFakeFetch(...script: Answer[]) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      headers: new Headers(init?.headers),
      body: init?.body === undefined || init.body === null ? undefined : String(init.body),
      signal: init?.signal ?? undefined,
      redirect: init?.redirect,
    };
    requests.push(request);
    const answer = script[requests.length - 1] ?? script[script.length - 1];
    if (answer === undefined) throw new Error('fake fetch: no answer scripted');
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer(request);
    return answer.clone();
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function textResponse(body: string, status: number, contentType: string): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

export function emptyResponse(status = 204): Response {
  return new Response(null, { status });
}

/** Never answers; rejects with the signal's reason once the request is aborted (timeout or caller). */
export function hangingAnswer(request: RecordedRequest): Promise<Response> {
  return new Promise((_, reject) => {
    const signal = request.signal;
    if (!signal) return;
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
