plugins { id("dev.flutter.flutter-gradle-plugin") }
android {
  buildTypes {
    release {
      isMinifyEnabled = true // on
      isShrinkResources = true
    }
  }
}
