#import "LQRoundedCornerView.h"

@interface LQRoundedCornerView ()
@end

@implementation LQRoundedCornerView
@end
