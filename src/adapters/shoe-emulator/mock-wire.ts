// Connects a ShoeEmulator to serialport's mock binding, so the controller's ShoeLink can talk to
// it through the real SerialPort stream code without hardware.
//
// serialport's mock port is one-ended: what the controller writes is recorded, and test code
// injects what the controller reads (emitData). This wrapper closes the loop: controller writes
// are handed to the emulator, emulator frames are injected as received data. It can also make
// the device disappear like a USB unplug: pending and later reads/writes fail with EIO (a
// non-canceled error, so SerialPortStream reports a disconnection) and open() fails with
// ENOENT until the device returns.
//
// The test owns the mock port's life: create it in beforeEach with
// `SerialPortMock.binding.createPort(path)` and call `SerialPortMock.binding.reset()` in afterEach.

import { SerialPortMock } from 'serialport';
import type { BindingInterface, BindingPortInterface, OpenOptions, PortStatus, SetOptions, UpdateOptions } from '@serialport/bindings-interface' with { 'resolution-mode': 'require' };
import type { MockPortBinding } from '@serialport/binding-mock' with { 'resolution-mode': 'require' };
import type { ShoeEmulator } from './emulator.js';

export interface MockShoeWire {
  /** Pass this to ShoeLink as `binding`. */
  readonly binding: BindingInterface;
  readonly path: string;
  /** True while the device exists. */
  readonly present: boolean;
  /** Bytes the emulator wrote while no controller port was open (lost, as on a real line). */
  readonly bytesLost: number;
  /** The device disappears (USB unplug). */
  unplug(): void;
  /** The device comes back. */
  replug(): void;
  /** The device stays present but nothing the shoe sends arrives (a broken TX wire). */
  mute(): void;
  unmute(): void;
  /** Bytes that did not come from this shoe reach the controller's side (a stale buffer, a hostile device). */
  inject(bytes: Uint8Array): void;
  /** Calls `tap` with every chunk the shoe sends to the controller (a capture). Returns the untap. */
  tap(tap: (bytes: Uint8Array) => void): () => void;
  /** Stops forwarding and detaches the emulator. */
  dispose(): void;
}

function ioError(message: string, code: string): Error {
  return Object.assign(new Error(`${message} (${code})`), { code });
}

/**
 * Wires `emulator` to the mock port at `path`. The emulator's own unplug fault (unplug@N:S)
 * makes the device disappear and come back automatically.
 */
export function connectEmulatorToMockBinding(emulator: ShoeEmulator, path: string, base: BindingInterface = SerialPortMock.binding): MockShoeWire {
  let present = true;
  let muted = false;
  let disposed = false;
  let bytesLost = 0;
  let current: WrappedPort | null = null;
  const taps = new Set<(bytes: Uint8Array) => void>();

  class WrappedPort implements BindingPortInterface {
    private readonly unplugHooks = new Set<() => void>();
    constructor(readonly inner: MockPortBinding) {}
    get openOptions(): Required<OpenOptions> {
      return this.inner.openOptions;
    }
    get isOpen(): boolean {
      return this.inner.isOpen;
    }
    set isOpen(_v: boolean) {
      // owned by the inner binding
    }
    /** Fails every pending read: the device is gone. */
    vanish(): void {
      for (const h of [...this.unplugHooks]) h();
    }
    deliver(bytes: Uint8Array): void {
      if (this.inner.isOpen) this.inner.emitData(Buffer.from(bytes));
      else bytesLost += bytes.length;
    }
    read(buffer: Buffer, offset: number, length: number): Promise<{ buffer: Buffer; bytesRead: number }> {
      if (!present) return Promise.reject(ioError('read failed: device disconnected', 'EIO'));
      return new Promise((resolve, reject) => {
        const hook = (): void => reject(ioError('read failed: device disconnected', 'EIO'));
        this.unplugHooks.add(hook);
        this.inner.read(buffer, offset, length).then(
          (r) => {
            this.unplugHooks.delete(hook);
            resolve(r);
          },
          (e: unknown) => {
            this.unplugHooks.delete(hook);
            reject(e);
          },
        );
      });
    }
    async write(buffer: Buffer): Promise<void> {
      if (!present) throw ioError('write failed: device disconnected', 'EIO');
      const copy = Uint8Array.from(buffer);
      await this.inner.write(buffer);
      // The shoe sees the bytes once they are on the wire.
      process.nextTick(() => {
        if (!disposed && present) emulator.receive(copy);
      });
    }
    async close(): Promise<void> {
      if (current === this) current = null;
      if (this.inner.isOpen) await this.inner.close();
    }
    update(options: UpdateOptions): Promise<void> {
      return this.inner.update(options);
    }
    set(options: SetOptions): Promise<void> {
      return this.inner.set(options);
    }
    get(): Promise<PortStatus> {
      return this.inner.get();
    }
    getBaudRate(): Promise<{ baudRate: number }> {
      return this.inner.getBaudRate();
    }
    flush(): Promise<void> {
      return this.inner.flush();
    }
    drain(): Promise<void> {
      return this.inner.drain();
    }
  }

  const binding: BindingInterface = {
    list: () => (present ? base.list() : Promise.resolve([])),
    async open(options: OpenOptions): Promise<BindingPortInterface> {
      if (options.path !== path) return base.open(options);
      await new Promise<void>((r) => process.nextTick(r));
      if (!present) throw ioError(`cannot open ${path}: no such file or directory`, 'ENOENT');
      const inner = (await base.open(options)) as MockPortBinding;
      const port = new WrappedPort(inner);
      current = port;
      return port;
    },
  };

  emulator.attach((bytes) => {
    if (disposed) return;
    for (const t of taps) t(bytes);
    if (present && current && !muted) current.deliver(bytes);
    else bytesLost += bytes.length;
  });
  const off = emulator.on((e) => {
    if (e.type === 'unplugged') wire.unplug();
    else if (e.type === 'replugged') wire.replug();
  });

  const wire: MockShoeWire = {
    binding,
    path,
    get present() {
      return present;
    },
    get bytesLost() {
      return bytesLost;
    },
    unplug() {
      if (!present) return;
      present = false;
      current?.vanish();
    },
    replug() {
      present = true;
    },
    mute() {
      muted = true;
    },
    unmute() {
      muted = false;
    },
    inject(bytes) {
      if (present && current) current.deliver(bytes);
    },
    tap(t) {
      taps.add(t);
      return () => taps.delete(t);
    },
    dispose() {
      disposed = true;
      off();
      emulator.detach();
    },
  };
  return wire;
}
