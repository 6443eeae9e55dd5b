#import <UIKit/UIKit.h>

@interface LQRoundedCornerView : UIView
@property (nonatomic) CGFloat cornerRadius;
@end
