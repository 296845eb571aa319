// Types for the tests that read the host's health lines (the page's module is plain JavaScript).
export declare function healthWords(line: string): string;
