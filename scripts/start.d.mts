// Types of scripts/start.mjs for the TypeScript that imports it (the tests' CLI helper, test/support/run-cli.ts).

/** The start build's folder: start-build/ in the package root. */
export declare const START_BUILD: string;
/** The start build, made again first when a source changed since it was made; resolves with its folder. */
export declare function freshStartBuild(): Promise<string>;
