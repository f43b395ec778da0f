content.sound = [UNNotificationSound soundNamed:@"Ding.caf"];
