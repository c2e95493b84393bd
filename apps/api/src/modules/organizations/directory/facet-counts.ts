/** The counts of one scope (every organization, or one country's). */
interface ScopeCounts {
  total: number;
  /** Organizations per category position. */
  single: Int32Array;
  /** Organizations per pair of category positions: pairs[a * capacity + b]. */
  pairs: Int32Array;
}

/**
 * Counts kept exact as organizations come and go, so the directory's commonest questions (no
 * filter, a country, one category, or both) are answered by adding a few numbers: per country
 * and overall, the organizations per category and per pair of categories.
 */
export class FacetCounts {
  private capacity = 64;
  private overall = this.emptyScope();
  private byCountry = new Map<string, ScopeCounts>();
  /** countries() until the next change: every home page asks for it. */
  private active: readonly string[] | null = null;

  /** The countries that hold at least one organization (the same array until a change). */
  countries(): readonly string[] {
    this.active ??= [...this.byCountry].flatMap(([country, scope]) =>
      scope.total > 0 ? [country] : [],
    );
    return this.active;
  }

  /** Counts an organization in (`delta` 1) or out (-1). `categories` are distinct positions. */
  change(country: string, categories: ArrayLike<number>, delta: 1 | -1): void {
    this.active = null;
    for (let i = 0; i < categories.length; i += 1) {
      if (categories[i]! >= this.capacity) this.grow(categories[i]! + 1);
    }
    let scope = this.byCountry.get(country);
    if (!scope) {
      scope = this.emptyScope();
      this.byCountry.set(country, scope);
    }
    for (const counts of [this.overall, scope]) {
      counts.total += delta;
      for (let i = 0; i < categories.length; i += 1) {
        const a = categories[i]!;
        counts.single[a]! += delta;
        for (let j = 0; j < categories.length; j += 1) {
          counts.pairs[a * this.capacity + categories[j]!]! += delta;
        }
      }
    }
  }

  /**
   * Matches and per-category counts for organizations in `countries` (none: everywhere) that
   * carry the category at `category` (undefined: any).
   */
  answer(
    countries: string[] | null,
    category: number | undefined,
    categoryCount: number,
  ): { total: number; perCategory: Int32Array } {
    const scopes = countries
      ? countries.flatMap((country) => this.byCountry.get(country) ?? [])
      : [this.overall];
    const perCategory = new Int32Array(categoryCount);
    let total = 0;
    for (const scope of scopes) {
      if (category === undefined) {
        total += scope.total;
        for (let b = 0; b < categoryCount; b += 1) perCategory[b]! += scope.single[b] ?? 0;
      } else {
        total += scope.single[category] ?? 0;
        const row = category * this.capacity;
        for (let b = 0; b < categoryCount; b += 1) perCategory[b]! += scope.pairs[row + b] ?? 0;
      }
    }
    return { total, perCategory };
  }

  private emptyScope(): ScopeCounts {
    return {
      total: 0,
      single: new Int32Array(this.capacity),
      pairs: new Int32Array(this.capacity * this.capacity),
    };
  }

  private grow(minimum: number) {
    const old = this.capacity;
    this.capacity = Math.max(minimum, old * 2);
    const regrow = (scope: ScopeCounts) => {
      const single = new Int32Array(this.capacity);
      single.set(scope.single);
      const pairs = new Int32Array(this.capacity * this.capacity);
      for (let a = 0; a < old; a += 1) {
        pairs.set(scope.pairs.subarray(a * old, (a + 1) * old), a * this.capacity);
      }
      scope.single = single;
      scope.pairs = pairs;
    };
    regrow(this.overall);
    for (const scope of this.byCountry.values()) regrow(scope);
  }
}
