/**
 * The album's problems grouped by kind (issue 22 item 4): a new wedding album has 78 empty sticker cells, and a list
 * of 78 identical lines hides both where they are and what to do. The top bar's popover and the checkout show one
 * group per kind (its code) with a count and advice, and under it the pages it occurs on, each once with its own
 * count, so a customer sees "Leere Stickerfelder · 78" and "Seiten 4-5 (6)" and can go there.
 *
 * Errors come before warnings; within that, kinds and pages keep the order of the list they came from, which is
 * album order (packages/model `albumPreflight`, the print-quality check). Entries without a spread (an empty
 * chapter) are a place of their own, named by `name`.
 */

/** One problem as both lists have it: the editor's merged preflight and the checkout's server entries. */
export interface Problem {
  code: string;
  severity: 'error' | 'warning';
  spreadId?: string;
  elementId?: string;
  /** The page box's name of the spread ('1', '4-5'), packages/model `pageBoxLabel`. */
  pages?: string;
  /** What the place is called when it has no spread (an empty chapter's name). */
  name?: string;
  /** The line a kind without translated advice falls back to. */
  message?: string;
}

/** Where a kind occurs: one spread (with how often), or one place without a spread. */
export interface ProblemPlace {
  key: string;
  spreadId?: string;
  /** The first element of the kind on that spread, selected when the editor jumps there. */
  elementId?: string;
  pages?: string;
  name?: string;
  count: number;
}

export interface ProblemGroup {
  code: string;
  severity: 'error' | 'warning';
  count: number;
  places: ProblemPlace[];
  message?: string;
}

export function groupProblems(problems: readonly Problem[]): ProblemGroup[] {
  const groups = new Map<string, ProblemGroup>();
  const places = new Map<string, ProblemPlace>();
  problems.forEach((problem, index) => {
    let group = groups.get(problem.code);
    if (!group) {
      group = {
        code: problem.code,
        severity: problem.severity,
        count: 0,
        places: [],
        message: problem.message,
      };
      groups.set(problem.code, group);
    }
    // One image can be both a warning and an error in the merged list; the group is as serious as its worst.
    if (problem.severity === 'error') group.severity = 'error';
    group.count += 1;
    const placeKey = `${problem.code}:${problem.spreadId ?? `#${index}`}`;
    const place = places.get(placeKey);
    if (place) {
      place.count += 1;
      return;
    }
    const created: ProblemPlace = {
      key: placeKey,
      spreadId: problem.spreadId,
      elementId: problem.elementId,
      pages: problem.pages,
      name: problem.name,
      count: 1,
    };
    places.set(placeKey, created);
    group.places.push(created);
  });
  const all = [...groups.values()];
  return [
    ...all.filter((group) => group.severity === 'error'),
    ...all.filter((group) => group.severity !== 'error'),
  ];
}
