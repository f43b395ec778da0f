const details = DarwinNotificationDetails(sound: 'chime.aiff');
