import UIKit

@objc(LegacyChatBubble) open class ChatBubble: UIView {}
