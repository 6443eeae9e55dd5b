import SnapKit
import UIKit

final class CCTargetCell: CCBaseCell {}
