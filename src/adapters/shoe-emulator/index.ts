// The shoe emulator: a software shoe speaking firmware-protocol v1 (see README.md here).
export { ShoeEmulator, type ShoeEmulatorOptions, type DrawOutcome, type EmulatorEvent, type EmulatorSession, type EmulatorStats } from './emulator.js';
export { parseFaultSpec, formatFaultSpec, FaultSpecError, NO_FAULTS, type FaultPlan, type ScheduledFault, type ScheduledFaultKind } from './faults.js';
export { mulberry32, shuffle, shuffledShoe, type Rng } from '../../random/prng.js';
export { connectEmulatorToMockBinding, type MockShoeWire } from './mock-wire.js';
export { runEmulator, defaultCutCard, type RunEmulatorOptions, type RunningEmulator, type EmulatorShoe } from './run-emulator.js';
