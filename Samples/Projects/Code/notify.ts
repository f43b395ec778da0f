await Notifications.scheduleNotificationAsync({
  content: { title: "Hi", sound: "bell" },
  trigger: null,
});
PushNotification.localNotification({ message: "Hi", soundName: 'alert.caf' });
