import GoogleMaps
import UIKit

/// The app's card that shows a map (a fixture for `lcq --source-root`).
final class MapCard: UIView {
  let map = GMSMapView()
}
