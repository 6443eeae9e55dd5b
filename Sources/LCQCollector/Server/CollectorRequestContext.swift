#if Collector
  import Hummingbird
  import NIOCore

  /// What a route knows of its request besides the request itself: the client's address, for
  /// the device tokens' buckets (one per address).
  struct CollectorRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's address, as the connection has it.
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
      coreContext = .init(source: source)
      remoteAddress = source.channel.remoteAddress
    }
  }
#endif
