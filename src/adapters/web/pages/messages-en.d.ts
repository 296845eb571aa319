// Types for the tests that read the page's catalogue (the page itself is plain JavaScript; not served).
export declare const MESSAGES_EN: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
