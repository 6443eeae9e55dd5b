import UIKit

class ThumbnailView<Model>: UIImageView {
  var model: Model?
}
