// The controller's end of the shoe link (firmware-protocol/PROTOCOL.md).
export {
  ShoeLink,
  LinkClosedError,
  CommandRejectedError,
  type ShoeLinkOptions,
  type LinkState,
  type LinkEvent,
  type LinkCounters,
  type DeliveredShoeMessage,
} from './shoe-link.js';
export { JsonlCaptureWriter, MemoryCapture, readCapture, replayCapture, type CaptureRecord, type CaptureSink, type ReplayResult } from './capture.js';
