// Types for the tests that use the pages' formatting (the page itself is plain JavaScript; not served).
export declare const LANGUAGES: readonly string[];
export declare function formatIn(lang: string, key: string, params?: Readonly<Record<string, unknown>>): string;
export declare function formatMoneyIn(lang: string, minor: number): string;
