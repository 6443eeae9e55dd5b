// A vendored library's header (a fixture for `lcq --source-root`): its classes are the library's.
@interface GMSMapView : UIView
@end

@interface GMSCompassButton : UIButton
@end
