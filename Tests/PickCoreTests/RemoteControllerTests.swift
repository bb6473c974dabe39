import Foundation
import Testing

@testable import PickCore

// What a --listen request does to the picker (PickerController+Remote).

/// The JSON of the last `.answerRemote` effect for `ticket`, decoded.
private func answer(_ harness: PickerHarness, ticket: Int) -> [String: Any]? {
  for case .answerRemote(let answered, let bytes) in harness.effects.reversed() where answered == ticket {
    let body = answerBody(bytes)
    return try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
  }
  return nil
}

/// The body of an HTTP answer (after the blank line).
private func answerBody(_ bytes: [UInt8]) -> [UInt8] {
  let separator = Array("\r\n\r\n".utf8)
  for start in 0..<max(bytes.count - 3, 0) where Array(bytes[start..<start + 4]) == separator {
    return Array(bytes[(start + 4)...])
  }
  return []
}

@Test func `posted actions run as a key's would`() throws {
  var harness = try PickerHarness(["apple", "banana", "cherry"], multi: .max)
  harness.send(.remote(.actions([.changeQuery(Array("an".utf8)), .toggle])))
  #expect(harness.query == "an")
  #expect(harness.selected == ["banana"])
  harness.send(.remote(.actions([.accept])))
  #expect(harness.ending == .accepted([1]))
}

/// Row 130: a GET waits for the actions before it and the matches of the query on screen.
@Test func `a GET is answered once the matches are those of the query on screen`() throws {
  var harness = try PickerHarness(["apple", "banana", "apricot"], multi: .max)
  harness.answersSearches = false
  harness.send(.remote(.actions([.changeQuery(Array("ap".utf8))])), .remote(.status(ticket: 7, limit: 100, offset: 0)))
  #expect(answer(harness, ticket: 7) == nil)
  harness.finishSearches()
  let json = try #require(answer(harness, ticket: 7))
  #expect(json["query"] as? String == "ap")
  #expect(json["matchCount"] as? Int == 2)
  #expect(json["totalCount"] as? Int == 3)
  #expect(json["reading"] as? Bool == false)
  #expect(json["progress"] as? Int == 100)
  let matches = (json["matches"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
  #expect(matches?.sorted() == ["apple", "apricot"])
}

/// Row 131: pick's select-all state and the counts of selections the query hides.
@Test func `the state says how the selection stands`() throws {
  var harness = try PickerHarness(["apple", "banana", "apricot", "cherry"], multi: .max, height: 10)
  harness.send(.remote(.actions([.changeQuery(Array("b".utf8)), .toggle, .changeQuery(Array("ap".utf8))])))
  harness.send(.remote(.actions([.toggle])))
  harness.send(.remote(.status(ticket: 1, limit: 1, offset: 0)))
  let json = try #require(answer(harness, ticket: 1))
  #expect(json["selectAll"] as? String == "some")
  #expect(json["selectedCount"] as? Int == 2)
  #expect(json["hiddenCount"] as? Int == 1)
  let selected = json["selected"] as? [[String: Any]]
  // In the order chosen, `limit` of them.
  #expect(selected?.count == 1)
  #expect(selected?.first?["text"] as? String == "banana")
  #expect(selected?.first?["index"] as? Int == 1)
  let current = json["current"] as? [String: Any]
  #expect(current?["positions"] as? [Int] == [0, 1])
}

@Test func `with nothing matching, current is null, and header lines are not counted in index`() throws {
  var harness = try PickerHarness(["head", "one", "two"], configure: { $0.headerLines = 1 })
  harness.send(.remote(.status(ticket: 2, limit: 100, offset: 0)))
  var json = try #require(answer(harness, ticket: 2))
  #expect((json["current"] as? [String: Any])?["index"] as? Int == 0)
  #expect((json["current"] as? [String: Any])?["text"] as? String == "one")
  harness.send(.remote(.actions([.changeQuery(Array("zzz".utf8))])), .remote(.status(ticket: 3, limit: 100, offset: 0)))
  json = try #require(answer(harness, ticket: 3))
  #expect(json["current"] is NSNull)
  #expect((json["matches"] as? [Any])?.isEmpty == true)
}
