import SnapKit
import UIKit

class CCBaseCell: UITableViewCell {
  let card = LQRoundedCornerView()
  let separator = UIView()
}
