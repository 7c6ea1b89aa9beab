/// `created_accounts` of an import's JSON summary, each entry read as "NAME: TYPE" (the JSON has
/// `{"name": …, "type": …}`); nil when the key is missing or an entry is not such an object.
func createdAccounts(_ summary: [String: Any]?) -> [String]? {
  guard let entries = summary?["created_accounts"] as? [Any] else { return nil }
  var read: [String] = []
  for entry in entries {
    guard let object = entry as? [String: Any], object.count == 2, let name = object["name"] as? String,
      let type = object["type"] as? String
    else { return nil }
    read.append("\(name): \(type)")
  }
  return read
}
