import UIKit

// class NotDeclaredHere: a comment, not a declaration.
final class MessageInputBar: UIView {
  class var preferredHeight: CGFloat { 44 }
  class func make() -> MessageInputBar { MessageInputBar() }
}
