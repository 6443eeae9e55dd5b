// Generated: a second file with the same name, owned by nobody.
import UIKit

final class CCGeneratedTargetCell: UITableViewCell {}
