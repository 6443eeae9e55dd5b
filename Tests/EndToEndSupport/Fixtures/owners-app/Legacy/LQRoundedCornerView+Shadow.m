#import "LQRoundedCornerView.h"

@implementation LQRoundedCornerView (Shadow)
@end
