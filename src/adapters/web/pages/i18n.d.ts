// Types for the tests and the server that use the pages' formatting (the page itself is plain JavaScript).
export declare const LANGUAGES: readonly string[];
export declare function formatIn(lang: string, key: string, params?: Readonly<Record<string, unknown>>): string;
export declare function formatMoneyIn(lang: string, minor: number): string;
export declare const CATALOGUES: Readonly<Record<string, Readonly<Record<string, string | Readonly<Record<string, string>>>>>> & { readonly en: Readonly<Record<string, string | Readonly<Record<string, string>>>>; readonly ru: Readonly<Record<string, string | Readonly<Record<string, string>>>> };
