#if Collector
  import Foundation
  import NIOCore
  import NIOHTTPTypes

  /// The connections `lcq serve` holds, and how long each may take (security review 3, S1 to
  /// S3): at most ``limit`` at once, below the process's file descriptor limit, so that a
  /// client holding thousands open cannot stop the server accepting; and a deadline for a
  /// request's head and for its body, so that a client sending a byte a second cannot hold a
  /// connection for ever.
  final class ConnectionGate: @unchecked Sendable {
    /// Most connections open at once; past it a new one is closed as soon as it is accepted.
    let limit: Int
    /// Seconds from a connection's start, or its last answer, to its next request's head.
    let headTimeout: TimeAmount
    /// Seconds from a request's head to the end of its body.
    let bodyTimeout: TimeAmount
    private let lock = NSLock()
    private var open = 0

    init(limit: Int, headTimeout: TimeAmount, bodyTimeout: TimeAmount) {
      self.limit = limit
      self.headTimeout = headTimeout
      self.bodyTimeout = bodyTimeout
    }

    /// Takes a place for a new connection; `false` when every place is taken.
    func enter() -> Bool {
      lock.withLock {
        guard open < limit else { return false }
        open += 1
        return true
      }
    }

    /// Gives back a connection's place.
    func leave() {
      lock.withLock { open -= 1 }
    }
  }

  /// Watches one connection for its ``ConnectionGate``: closes it when it is one too many, when
  /// its next request's head does not come in time, or when a body does not end in time. A
  /// request being answered has no deadline here: the store's own bounds it.
  final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let gate: ConnectionGate
    private var entered = false
    private var deadline: Scheduled<Void>?

    init(gate: ConnectionGate) {
      self.gate = gate
    }

    func handlerAdded(context: ChannelHandlerContext) {
      guard gate.enter() else {
        context.close(promise: nil)
        return
      }
      entered = true
      arm(gate.headTimeout, context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
      deadline?.cancel()
      deadline = nil
      if entered {
        entered = false
        gate.leave()
      }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      switch unwrapInboundIn(data) {
      case .head: arm(gate.bodyTimeout, context)
      case .body: break
      case .end:
        deadline?.cancel()
        deadline = nil
      }
      context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
      // An answer sent: the connection may be kept alive, and the next head has its deadline.
      if case .end = unwrapOutboundIn(data) { arm(gate.headTimeout, context) }
      context.write(data, promise: promise)
    }

    private func arm(_ timeout: TimeAmount, _ context: ChannelHandlerContext) {
      deadline?.cancel()
      let channel = context.channel
      deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }
  }
#endif
