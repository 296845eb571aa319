// Types for the server and the tests that read the server's sentences (the page's module is plain JavaScript).
export declare function reasonCode(sentence: unknown): { code: string; params: Record<string, string> } | null;
export declare function reasonIn(lang: string, reason: unknown): string;
export declare function reasonWords(reason: unknown): string;
