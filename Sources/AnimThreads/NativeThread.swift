#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The package's own threads, each with a stack sized to its need, and a start that can
/// fail: a thread that cannot start is the caller's error to report, never a thread
/// silently missing (Foundation's `Thread.start` returns nothing when `pthread_create`
/// fails).
///
/// A thread's stack is address space reserved when it starts (and counted by
/// `ulimit -v`), its pages committed only as they are touched: so only the threads that
/// recurse over the input (the one that parses and checks a scene, the second half of a
/// `ForkJoin`) get a deep stack, and threads that only move bytes get a small one.
package enum NativeThread {
  /// For a thread that parses, checks or simulates a scene: the parser, the checker and
  /// the simulator recurse as deep as the input nests (the command line's main thread
  /// gets as much, `DeepStack`).
  package static let deepStack = 256 << 20
  /// For a thread that only moves bytes (a page's event stream, the accept loop): its
  /// calls do not follow the input's depth. The usual system default, room to spare for
  /// a debug build's large frames.
  package static let smallStack = 8 << 20

  /// Why a thread did not start: the text of `pthread_create`'s error.
  package struct StartError: Error, Sendable, CustomStringConvertible {
    package let code: Int32
    package var description: String { "cannot start a thread: \(String(cString: strerror(code)))" }
  }

  /// A started thread that `join` waits for.
  package struct Joinable {
    fileprivate let id: pthread_t

    /// Waits for the thread to return.
    package func join() { _ = pthread_join(id, nil) }
  }

  /// Starts `body` on a thread that nobody joins, with a stack of `stack` bytes.
  package static func detach(stack: Int, _ body: @escaping @Sendable () -> Void) throws(StartError) {
    _ = try create(stack: stack, detached: true, body)
  }

  /// Starts `body` on a thread with a stack of `stack` bytes, for the caller to `join`.
  package static func start(stack: Int, _ body: @escaping @Sendable () -> Void) throws(StartError) -> Joinable {
    try create(stack: stack, detached: false, body)
  }

  private static func create(
    stack: Int, detached: Bool, _ body: @escaping @Sendable () -> Void
  ) throws(StartError) -> Joinable {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { throw StartError(code: ENOMEM) }
    defer { pthread_attr_destroy(&attributes) }
    // A size the system refuses (below its minimum) leaves its default.
    _ = pthread_attr_setstacksize(&attributes, max(stack, Int(PTHREAD_STACK_MIN)))
    if detached { _ = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
    let context = Unmanaged.passRetained(NativeThreadBody(body)).toOpaque()
    #if canImport(Darwin)
      var slot: pthread_t? = nil
      let code = pthread_create(&slot, &attributes, threadMain, context)
      let id = slot
    #else
      var slot = pthread_t()
      let code = pthread_create(&slot, &attributes, threadMain, context)
      let id: pthread_t? = slot
    #endif
    guard code == 0, let id else {
      // The thread never took its closure: it is released here.
      Unmanaged<NativeThreadBody>.fromOpaque(context).release()
      throw StartError(code: code == 0 ? EAGAIN : code)
    }
    return Joinable(id: id)
  }
}

/// The closure a new thread runs, handed to it as a retained pointer.
private final class NativeThreadBody {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

#if canImport(Darwin)
  private typealias ThreadContext = UnsafeMutableRawPointer
#else
  private typealias ThreadContext = UnsafeMutableRawPointer?
#endif

/// A new thread's first call: takes the closure `create` retained for it, and runs it.
private func threadMain(_ context: ThreadContext) -> UnsafeMutableRawPointer? {
  let pointer: UnsafeMutableRawPointer? = context
  guard let pointer else { return nil }
  Unmanaged<NativeThreadBody>.fromOpaque(pointer).takeRetainedValue().run()
  return nil
}
