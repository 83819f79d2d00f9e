import { useEffect, useState } from 'react';

export type Suggestion = { id: string; title: string };

export type SuggestionSources = {
  /** Answers at once, from what is already known (recent tags); shown before the server answers. */
  local(query: string): Suggestion[];
  search(query: string, signal: AbortSignal): Promise<Suggestion[]>;
  debounceMs: number;
};

type ServerAnswer = { query: string; results: Suggestion[] };

/**
 * Suggestions for `query`: the local ones immediately, then the server's merged after them
 * (de-duplicated by id). The server is asked once a burst of typing has paused for `debounceMs`,
 * and a request whose query is no longer current is aborted, so a slow answer to an old query can
 * never replace a newer one.
 */
export function useSuggestions(query: string, { local, search, debounceMs }: SuggestionSources) {
  const [answer, setAnswer] = useState<ServerAnswer | undefined>();
  const [pendingQuery, setPendingQuery] = useState<string | undefined>();
  const trimmed = query.trim();

  // `search` is left out of the dependencies on purpose: callers pass inline functions, and a new
  // function identity must not trigger another request for the same query.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (trimmed === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setPendingQuery(trimmed);
      search(trimmed, controller.signal).then(
        (results) => {
          if (controller.signal.aborted) return;
          setAnswer({ query: trimmed, results });
          setPendingQuery(undefined);
        },
        () => {
          // A failed search leaves the local suggestions and "create" usable; there is nothing
          // the person could do about the error here, and saving reports connection problems.
          if (controller.signal.aborted) return;
          setAnswer({ query: trimmed, results: [] });
          setPendingQuery(undefined);
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, debounceMs]);

  const fromServer = answer?.query === trimmed ? answer.results : [];
  const seen = new Set<string>();
  const suggestions = [...local(trimmed), ...fromServer].filter((item) => !seen.has(item.id) && seen.add(item.id));
  return {
    suggestions,
    loading: pendingQuery !== undefined && pendingQuery === trimmed,
  };
}
