import Testing

@Test func placeholderEditor() {}
