/// Unrelated log lines of the kinds a device log is full of, from many subsystems.
enum NoiseCatalog {
  struct Entry: Sendable {
    var library: String
    var subsystem: String
    var category: String
    var message: @Sendable (inout SplitMix64) -> String
  }

  static let lines: [Entry] = [
    Entry(library: "libnetwork.dylib", subsystem: "com.apple.network", category: "connection") {
      "nw_connection_copy_connected_local_endpoint_block_invoke [C\($0.next() % 90)] Connection has no local endpoint"
    },
    Entry(library: "CFNetwork", subsystem: "com.apple.CFNetwork", category: "Summary") {
      "Task <\(hex(&$0, 8))-\(hex(&$0, 4))>.<\($0.next() % 40)> summary for task success {transaction_duration_ms=\($0.next() % 900), response_status=200, connection=\($0.next() % 50), reused=1, request_start_ms=0, response_end_ms=\($0.next() % 900)}"
    },
    Entry(library: "UIKitCore", subsystem: "com.apple.UIKit", category: "EventDispatch") { _ in
      "Sending UIEvent type: 0; subtype: 0; to windows: 1"
    },
    Entry(library: "UIKitCore", subsystem: "com.apple.UIKit", category: "Touch") {
      "Evaluating dispatch of UIEvent: 0x6000\(hex(&$0, 8)); type: 0; subtype: 0; backing type: 11; shouldSend: 1; ignoreInteractionEvents: 0, systemGestureStateChange: 0"
    },
    Entry(library: "CoreData", subsystem: "com.apple.coredata", category: "sql") {
      "fetch execution: \($0.next() % 200) rows in 0.00\($0.next() % 9000)s, context 0x6000\(hex(&$0, 8))"
    },
    Entry(library: "RunningBoardServices", subsystem: "com.apple.runningboard", category: "assertion") {
      "Acquiring assertion targeting [app<application.com.example.MyApp.\($0.next() % 99999)>] with description <RBSAssertionDescriptor| \"Shared Background Assertion \($0.next() % 9)\">"
    },
    Entry(library: "MyApp", subsystem: "com.example.MyApp", category: "net") {
      "GET /api/v1/feed?page=\($0.next() % 40) 200 (\($0.next() % 700) ms)"
    },
    Entry(library: "MyApp", subsystem: "com.example.MyApp", category: "analytics") {
      "event=screen_view name=Profile session=\(hex(&$0, 12)) seq=\($0.next() % 100000)"
    },
    Entry(library: "CoreLocation", subsystem: "com.apple.locationd.Position", category: "Client") {
      "{\"msg\":\"CLLocationManager\", \"event\":\"activity\", \"_cmd\":\"requestWhenInUseAuthorization\", \"self\":\"0x6000\(hex(&$0, 8))\"}"
    },
    Entry(library: "FrontBoardServices", subsystem: "com.apple.FrontBoard", category: "Common") {
      "[0x\(hex(&$0, 4))] Sending action(s) in update: FBSSceneSnapshotAction"
    },
    Entry(library: "AudioToolbox", subsystem: "com.apple.coreaudio", category: "AQ") {
      "AudioQueueObject.cpp:\($0.next() % 4000) Start: AQ 0x\(hex(&$0, 8)) started, buffers \($0.next() % 8)"
    },
    Entry(library: "UIKitCore", subsystem: "com.apple.UIKit", category: "KeyWindow") {
      "Window did become application key: UIWindow: 0x\(hex(&$0, 9)); contextId: 0x\(hex(&$0, 8)); scene identity: sceneID:com.example.MyApp-default"
    },
    Entry(library: "WebKit", subsystem: "com.apple.WebKit", category: "Process") {
      "0x\(hex(&$0, 9)) - [pageProxyID=\($0.next() % 90), webPageID=\($0.next() % 90), PID=\($0.next() % 90000)] WebPageProxy::didFinishLoadForFrame: frameID=\($0.next() % 99)"
    },
    Entry(library: "libsystem_info.dylib", subsystem: "com.apple.libsystem_info", category: "user") { _ in
      "Retrieve User by ID"
    },
  ]

  static func hex(_ random: inout SplitMix64, _ digits: Int) -> String {
    let text = String(random.next(), radix: 16)
    return String(text.prefix(digits))
  }
}
